resource "clusterinfra_credential" "dns" {
  name                = "powerdns"
  credential_provider = "generic"
  kind                = "api_token"
  schema_version      = 1
  scope_kind          = "service"
  scope_version       = 1
  scope               = { service = "powerdns" }
  # write-only: sent to the API, never stored in the state; bump the version to rotate it
  secret_wo         = jsonencode({ token = var.pdns_token, api_url = "http://pdns:8081" })
  secret_wo_version = 1
}

variable "pdns_token" {
  type      = string
  sensitive = true
}
