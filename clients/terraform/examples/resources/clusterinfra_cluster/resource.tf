resource "clusterinfra_cluster" "prod" {
  name             = "prod"
  cluster_provider = "hetzner"
  region           = "fsn1"
}
