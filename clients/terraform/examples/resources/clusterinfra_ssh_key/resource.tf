resource "clusterinfra_ssh_key" "ops" {
  name = "ops"
  type = "ed25519"
}

output "ops_private_key" {
  value     = clusterinfra_ssh_key.ops.private_key
  sensitive = true
}
