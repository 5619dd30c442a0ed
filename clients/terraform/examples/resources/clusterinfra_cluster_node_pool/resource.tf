resource "clusterinfra_cluster_node_pool" "workers" {
  cluster_id   = clusterinfra_cluster.prod.id
  node_pool_id = clusterinfra_node_pool.workers.id
}
