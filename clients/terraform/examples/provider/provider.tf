terraform {
  required_providers {
    clusterinfra = {
      source = "cluster-infra-api/clusterinfra"
    }
  }
}

# Settings may instead come from CLUSTERINFRA_BASE_URL, CLUSTERINFRA_TOKEN (or CLUSTERINFRA_API_KEY,
# or CLUSTERINFRA_ORG_KEY with CLUSTERINFRA_ORG_SECRET) and CLUSTERINFRA_ORG_ID.
provider "clusterinfra" {
  base_url        = "http://localhost:8080"
  organization_id = var.organization_id
}

variable "organization_id" {
  type = string
}
