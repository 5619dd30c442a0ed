resource "clusterinfra_node_pool_server" "example" {
  node_pool_id = clusterinfra_node_pool.workers.id
  server_id = clusterinfra_server.example.id
}
