# A metadata entry is imported by its cluster's id and its own id.
terraform import clusterinfra_cluster_metadata.example <cluster_id>/<id>
