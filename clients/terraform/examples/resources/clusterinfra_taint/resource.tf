resource "clusterinfra_taint" "gpu" {
  key    = "gpu"
  value  = "true"
  effect = "NoSchedule"
}
