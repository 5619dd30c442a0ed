resource "clusterinfra_org_member" "alice" {
  user_id = var.alice_user_id
  role    = "admin"
}
