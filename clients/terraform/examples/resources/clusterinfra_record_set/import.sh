# A record set is imported by its id alone (its domain is read from the API)...
terraform import clusterinfra_record_set.example <id>
# ...or by its domain's id and its own id.
terraform import clusterinfra_record_set.example <domain_id>/<id>
