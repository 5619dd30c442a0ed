resource "clusterinfra_cluster_control_plane_record_set" "prod" {
  cluster_id = clusterinfra_cluster.prod.id
  record_set_id = clusterinfra_record_set.api.id
}
