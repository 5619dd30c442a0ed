resource "clusterinfra_node_pool" "workers" {
  name = "workers"
  role = "worker"
}
