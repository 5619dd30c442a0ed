resource "clusterinfra_cluster_metadata" "team" {
  cluster_id = clusterinfra_cluster.prod.id
  key        = "team" # lower case, no whitespace or brackets
  value      = "platform"
}
