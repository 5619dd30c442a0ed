resource "clusterinfra_node_pool_label" "example" {
  node_pool_id = clusterinfra_node_pool.workers.id
  label_id = clusterinfra_label.example.id
}
