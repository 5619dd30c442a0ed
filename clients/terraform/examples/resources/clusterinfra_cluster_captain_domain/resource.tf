resource "clusterinfra_cluster_captain_domain" "prod" {
  cluster_id = clusterinfra_cluster.prod.id
  domain_id = clusterinfra_domain.example.id
}
