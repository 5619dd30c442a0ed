package provider_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// The list data sources with their filters: only what the filter names comes back.
func TestAccDataSources(t *testing.T) {
	key := "ds-" + suffix()
	cfg := fmt.Sprintf(`
resource "clusterinfra_label" "a" {
  key   = %[1]q
  value = "v"
}
resource "clusterinfra_label" "b" {
  key   = "%[1]s-other"
  value = "w"
}
%[2]s
resource "clusterinfra_server" "m" {
  private_ip_address = "10.0.9.1"
  role               = "master"
  ssh_key_id         = clusterinfra_ssh_key.k.id
  ssh_user           = "root"
}
data "clusterinfra_labels" "exact" {
  key        = %[1]q
  depends_on = [clusterinfra_label.a, clusterinfra_label.b]
}
data "clusterinfra_labels" "contains" {
  q          = %[1]q
  depends_on = [clusterinfra_label.a, clusterinfra_label.b]
}
data "clusterinfra_servers" "masters" {
  role       = "master"
  depends_on = [clusterinfra_server.m]
}
data "clusterinfra_ssh_keys" "all" {
  depends_on = [clusterinfra_ssh_key.k]
}
`, key, sshKey)
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { preCheck(t) },
		ProtoV6ProviderFactories: factories,
		Steps: []resource.TestStep{
			{Config: `data "clusterinfra_servers" "x" { status = "broken" }`, ExpectError: regexpMust("status must be one of")},
			{
				Config: cfg,
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("data.clusterinfra_labels.exact", "items.#", "1"),
					resource.TestCheckResourceAttr("data.clusterinfra_labels.exact", "items.0.value", "v"),
					resource.TestCheckResourceAttr("data.clusterinfra_labels.contains", "items.#", "2"),
					resource.TestCheckTypeSetElemNestedAttrs("data.clusterinfra_servers.masters", "items.*", map[string]string{"private_ip_address": "10.0.9.1", "role": "master"}),
					resource.TestCheckTypeSetElemAttrPair("data.clusterinfra_ssh_keys.all", "items.*.id", "clusterinfra_ssh_key.k", "id"),
				),
			},
		},
	})
}
