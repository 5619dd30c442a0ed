resource "clusterinfra_cluster_bastion" "prod" {
  cluster_id = clusterinfra_cluster.prod.id
  server_id = clusterinfra_server.bastion.id
}
