resource "clusterinfra_org_key" "ci" {
  name             = "ci"
  expires_in_hours = 720
}
