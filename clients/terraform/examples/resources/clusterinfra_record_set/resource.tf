resource "clusterinfra_record_set" "api" {
  domain_id = clusterinfra_domain.example.id
  name      = "api"
  type      = "A"
  ttl       = 300
  values    = ["203.0.113.10"]
}
