resource "clusterinfra_domain" "example" {
  credential_id = clusterinfra_credential.dns.id
  domain_name   = "example.com"
}
