resource "clusterinfra_label" "env" {
  key   = "env"
  value = "production"
}
