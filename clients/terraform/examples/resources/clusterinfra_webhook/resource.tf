resource "clusterinfra_webhook" "ops" {
  url         = "https://hooks.example.com/cluster-events"
  events      = ["cluster.*", "server.*"]
  description = "ops channel"
}
