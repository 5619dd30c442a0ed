resource "clusterinfra_cluster_platform_load_balancer" "prod" {
  cluster_id = clusterinfra_cluster.prod.id
  load_balancer_id = clusterinfra_load_balancer.platform.id
}
