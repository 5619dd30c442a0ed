resource "clusterinfra_load_balancer" "apps" {
  name              = "apps"
  kind              = "public"
  public_ip_address = "203.0.113.7"
}
