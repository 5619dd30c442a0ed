data "clusterinfra_servers" "ready_workers" {
  status = "ready"
  role   = "worker"
}

output "worker_ips" {
  value = [for s in data.clusterinfra_servers.ready_workers.items : s.private_ip_address]
}
