resource "clusterinfra_server" "worker" {
  hostname           = "worker-1"
  private_ip_address = "10.0.0.10"
  role               = "worker"
  ssh_key_id         = clusterinfra_ssh_key.ops.id
  ssh_user           = "ubuntu"
}
