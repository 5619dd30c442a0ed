resource "clusterinfra_annotation" "owner" {
  key   = "team"
  value = "platform"
}
