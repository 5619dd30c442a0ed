resource "clusterinfra_node_pool_taint" "example" {
  node_pool_id = clusterinfra_node_pool.workers.id
  taint_id = clusterinfra_taint.example.id
}
