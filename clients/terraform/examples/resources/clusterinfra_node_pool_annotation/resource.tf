resource "clusterinfra_node_pool_annotation" "example" {
  node_pool_id = clusterinfra_node_pool.workers.id
  annotation_id = clusterinfra_annotation.example.id
}
