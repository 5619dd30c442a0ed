resource "clusterinfra_cluster_apps_load_balancer" "prod" {
  cluster_id = clusterinfra_cluster.prod.id
  load_balancer_id = clusterinfra_load_balancer.apps.id
}
