resource "clusterinfra_cluster_kubeconfig" "prod" {
  cluster_id            = clusterinfra_cluster.prod.id
  kubeconfig_wo         = file("${path.module}/kubeconfig.yaml")
  kubeconfig_wo_version = 1
}
