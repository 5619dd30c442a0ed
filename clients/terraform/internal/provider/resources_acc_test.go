package provider_test

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

func tagCase(kind, extra, invalidExtra string) accCase {
	key := kind + "-" + suffix()
	cfg := func(value, more string) string {
		return fmt.Sprintf("resource \"clusterinfra_%s\" \"t\" {\n  key = %q\n  value = %q\n%s}\n", kind, key, value, more)
	}
	return accCase{
		addr:   "clusterinfra_" + kind + ".t",
		create: cfg("one", extra), update: cfg("two", extra),
		invalid: strings.Replace(cfg("x", invalidExtra), key, "", 1), invalidErr: "at least 1 characters",
		checks: []resource.TestCheckFunc{resource.TestCheckResourceAttr("clusterinfra_"+kind+".t", "value", "one")},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/"+kind+"s/"+id, map[string]any{"value": "changed-behind-terraform"})
		},
		path: func(id string) string { return "/" + kind + "s/" + id },
	}
}

func TestAccLabel(t *testing.T)      { runCase(t, tagCase("label", "", "")) }
func TestAccAnnotation(t *testing.T) { runCase(t, tagCase("annotation", "", "")) }

func TestAccTaint(t *testing.T) {
	c := tagCase("taint", "  effect = \"NoSchedule\"\n", "  effect = \"NoSchedule\"\n")
	c.invalid = "resource \"clusterinfra_taint\" \"t\" {\n  key = \"k\"\n  value = \"v\"\n  effect = \"Sometimes\"\n}\n"
	c.invalidErr = "effect must be one of"
	runCase(t, c)
}

const sshKey = `
resource "clusterinfra_ssh_key" "k" {
  name = "tf-key"
  type = "ed25519"
}
`

func TestAccSSHKey(t *testing.T) {
	runCase(t, accCase{
		addr:    "clusterinfra_ssh_key.k",
		create:  sshKey,
		update:  strings.Replace(sshKey, `"tf-key"`, `"tf-key-renamed"`, 1),
		invalid: "resource \"clusterinfra_ssh_key\" \"k\" {\n  name = \"k\"\n  bits = 1024\n}\n", invalidErr: "bits must be one of",
		checks: []resource.TestCheckFunc{
			resource.TestMatchResourceAttr("clusterinfra_ssh_key.k", "private_key", regexpMust("PRIVATE KEY")),
			resource.TestMatchResourceAttr("clusterinfra_ssh_key.k", "public_key", regexpMust("^ssh-ed25519 ")),
		},
		importIgnore: []string{"comment", "type", "bits"},
		drift:        func(t *testing.T, id string) { mustAPI(t, http.MethodDelete, "/ssh/"+id, nil) },
		path:         func(id string) string { return "/ssh/" + id },
	})
}

func server(status string) string {
	return fmt.Sprintf(`
resource "clusterinfra_server" "s" {
  hostname           = "node-1"
  private_ip_address = "10.0.0.10"
  role               = "worker"
  ssh_key_id         = clusterinfra_ssh_key.k.id
  ssh_user           = "ubuntu"
  status             = %q
}
`, status)
}

func TestAccServer(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_server.s", setup: sshKey,
		create: server("pending"), update: server("ready"),
		invalid: strings.Replace(server("pending"), `"worker"`, `"captain"`, 1), invalidErr: "role must be one of",
		checks: []resource.TestCheckFunc{resource.TestCheckResourceAttr("clusterinfra_server.s", "status", "pending")},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/servers/"+id, map[string]any{"hostname": "renamed-behind"})
		},
		path: func(id string) string { return "/servers/" + id },
	})
}

func TestAccLoadBalancer(t *testing.T) {
	lb := func(name, kind string) string {
		return fmt.Sprintf("resource \"clusterinfra_load_balancer\" \"l\" {\n  name = %q\n  kind = %q\n  public_ip_address = \"203.0.113.7\"\n}\n", name, kind)
	}
	runCase(t, accCase{
		addr: "clusterinfra_load_balancer.l", create: lb("lb-a", "public"), update: lb("lb-b", "platform"),
		invalid: lb("lb", "private"), invalidErr: "kind must be one of",
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/load-balancers/"+id, map[string]any{"public_ip_address": "203.0.113.99"})
		},
		path: func(id string) string { return "/load-balancers/" + id },
	})
}

func nodePool(name, role string) string {
	return fmt.Sprintf("resource \"clusterinfra_node_pool\" \"p\" {\n  name = %q\n  role = %q\n}\n", name, role)
}

func TestAccNodePool(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_node_pool.p", create: nodePool("pool-a", "worker"), update: nodePool("pool-b", "master"),
		invalid: nodePool("pool", "bastion"), invalidErr: "role must be one of",
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/node-pools/"+id, map[string]any{"name": "renamed-behind"})
		},
		path: func(id string) string { return "/node-pools/" + id },
	})
}

// attachmentCase: a node pool attachment; "update" moves it to a second child (a replacement).
func attachmentCase(child, childSetup, childAddrA, childAddrB, route string) accCase {
	cfg := func(childAddr string) string {
		return fmt.Sprintf("resource \"clusterinfra_node_pool_%s\" \"a\" {\n  node_pool_id = clusterinfra_node_pool.p.id\n  %s_id = %s.id\n}\n", child, child, childAddr)
	}
	return accCase{
		addr: "clusterinfra_node_pool_" + child + ".a", setup: nodePool("pool-att", "worker") + childSetup,
		create: cfg(childAddrA), update: cfg(childAddrB),
		invalid:    fmt.Sprintf("resource \"clusterinfra_node_pool_%s\" \"a\" {\n  node_pool_id = \"not-an-id\"\n  %s_id = \"not-an-id\"\n}\n", child, child),
		invalidErr: "must be an id",
		drift: func(t *testing.T, id string) {
			parts := strings.Split(id, "/")
			mustAPI(t, http.MethodDelete, "/node-pools/"+parts[0]+"/"+route+"/"+parts[1], nil)
		},
	}
}

func TestAccNodePoolServer(t *testing.T) {
	servers := sshKey + server("ready") + strings.Replace(strings.Replace(server("ready"), `"s"`, `"s2"`, 1), "10.0.0.10", "10.0.0.11", 1)
	runCase(t, attachmentCase("server", servers, "clusterinfra_server.s", "clusterinfra_server.s2", "servers"))
}

func twoTags(kind, extra string) string {
	out := ""
	for _, n := range []string{"a", "b"} {
		out += fmt.Sprintf("resource \"clusterinfra_%s\" %q {\n  key = \"np-%s-%s\"\n  value = \"v\"\n%s}\n", kind, n, n, suffix(), extra)
	}
	return out
}

func TestAccNodePoolLabel(t *testing.T) {
	runCase(t, attachmentCase("label", twoTags("label", ""), "clusterinfra_label.a", "clusterinfra_label.b", "labels"))
}

func TestAccNodePoolAnnotation(t *testing.T) {
	runCase(t, attachmentCase("annotation", twoTags("annotation", ""), "clusterinfra_annotation.a", "clusterinfra_annotation.b", "annotations"))
}

func TestAccNodePoolTaint(t *testing.T) {
	runCase(t, attachmentCase("taint", twoTags("taint", "  effect = \"NoExecute\"\n"), "clusterinfra_taint.a", "clusterinfra_taint.b", "taints"))
}

func credential(name string, version int) string {
	return fmt.Sprintf(`
resource "clusterinfra_credential" "c" {
  name                = %q
  credential_provider = "aws"
  kind                = "aws_access_key"
  schema_version      = 1
  scope_kind          = "service"
  scope_version       = 1
  scope               = { service = "route53" }
  secret_wo           = jsonencode({ access_key_id = "AKIATFTEST0001", secret_access_key = "tf-secret-%d" })
  secret_wo_version   = %d
}
`, name, version, version)
}

func TestAccCredential(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_credential.c", create: credential("cred-a", 1), update: credential("cred-b", 2),
		invalid: strings.Replace(credential("c", 1), `"aws"`, `"gcp"`, 1), invalidErr: "credential_provider must be one of",
		checks: []resource.TestCheckFunc{
			resource.TestCheckNoResourceAttr("clusterinfra_credential.c", "secret_wo"),
			func(s *terraform.State) error {
				// the secret was sent: the API reveals it
				out := mustAPI(t, http.MethodPost, "/credentials/"+attr(s, "clusterinfra_credential.c", "id")+"/reveal", map[string]any{})
				if !strings.Contains(fmt.Sprint(out), "tf-secret-1") {
					return fmt.Errorf("the stored secret is not the one configured: %v", out)
				}
				return nil
			},
		},
		importIgnore: []string{"secret_wo_version"},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/credentials/"+id, map[string]any{"name": "renamed-behind"})
		},
		path: func(id string) string { return "/credentials/" + id },
	})
}

func domain(zone string) string {
	return fmt.Sprintf(`
resource "clusterinfra_domain" "d" {
  credential_id = %q
  domain_name   = "tf-%s.example.com"
  zone_id       = %q
}
`, dnsCredentialID, domainSuffix, zone)
}

var domainSuffix = suffix()

func TestAccDomain(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_domain.d", create: domain("zone-a"), update: domain("zone-b"),
		invalid: domain(strings.Repeat("z", 129)), invalidErr: "at most 128 characters",
		importIgnore: []string{"status"},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/dns/domains/"+id, map[string]any{"zone_id": "zone-behind"})
		},
		path: func(id string) string { return "/dns/domains/" + id },
	})
}

func recordSet(ttl int) string {
	return fmt.Sprintf(`
resource "clusterinfra_record_set" "r" {
  domain_id = clusterinfra_domain.d.id
  name      = "api"
  type      = "A"
  ttl       = %d
  values    = ["203.0.113.10"]
}
`, ttl)
}

func TestAccRecordSet(t *testing.T) {
	setup := strings.Replace(domain("zone-r"), "tf-", "tf-r-", 1)
	runCase(t, accCase{
		addr: "clusterinfra_record_set.r", setup: setup, create: recordSet(300), update: recordSet(600),
		invalid: recordSet(0), invalidErr: "ttl must be at least 1",
		importIgnore: []string{"status"},
		// by <domain_id>/<id>, and by the id alone (the domain comes from the API's answer)
		importIDs: []func(id string, s *terraform.State) string{
			func(id string, s *terraform.State) string { return attr(s, "clusterinfra_domain.d", "id") + "/" + id },
			func(id string, _ *terraform.State) string { return id },
		},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/dns/records/"+id, map[string]any{"ttl": 60})
		},
		path: func(id string) string { return "/dns/records/" + id },
	})
}

func cluster(region string) string {
	return fmt.Sprintf("resource \"clusterinfra_cluster\" \"c\" {\n  name = \"tf-cluster\"\n  cluster_provider = \"hetzner\"\n  region = %q\n  docker_image = \"ghcr.io/example/tools\"\n  docker_tag = \"v1-%s\"\n}\n", region, region)
}

func TestAccCluster(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_cluster.c", create: cluster("fsn1"), update: cluster("nbg1"),
		invalid: strings.Replace(cluster("x"), `"tf-cluster"`, `""`, 1), invalidErr: "at least 1 characters",
		checks: []resource.TestCheckFunc{
			resource.TestCheckResourceAttr("clusterinfra_cluster.c", "status", "pre_pending"),
			resource.TestCheckResourceAttr("clusterinfra_cluster.c", "docker_tag", "v1-fsn1"),
			resource.TestCheckResourceAttr("clusterinfra_cluster.c", "control_plane_fqdn", ""),
		},
		importIgnore: []string{"status"},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/clusters/"+id, map[string]any{"docker_tag": "changed-behind"})
		},
		path: func(id string) string { return "/clusters/" + id },
	})
}

// slotCase: a cluster slot; "update" attaches a second object; drift detaches it through the API.
func slotCase(slot, target, setup, a, b, route string) accCase {
	cfg := func(addr string) string {
		return fmt.Sprintf("resource \"clusterinfra_cluster_%s\" \"s\" {\n  cluster_id = clusterinfra_cluster.c.id\n  %s = %s.id\n}\n", slot, target, addr)
	}
	return accCase{
		addr: "clusterinfra_cluster_" + slot + ".s", setup: cluster("fsn1") + setup, create: cfg(a), update: cfg(b),
		invalid:    fmt.Sprintf("resource \"clusterinfra_cluster_%s\" \"s\" {\n  cluster_id = \"x\"\n  %s = \"y\"\n}\n", slot, target),
		invalidErr: "must be an id",
		drift:      func(t *testing.T, id string) { mustAPI(t, http.MethodDelete, "/clusters/"+id+"/"+route, nil) },
	}
}

func twoLBs(kind string) string {
	out := ""
	for _, n := range []string{"a", "b"} {
		out += fmt.Sprintf("resource \"clusterinfra_load_balancer\" %q {\n  name = \"lb-%s\"\n  kind = %q\n}\n", n, n, kind)
	}
	return out
}

func TestAccClusterAppsLoadBalancer(t *testing.T) {
	runCase(t, slotCase("apps_load_balancer", "load_balancer_id", twoLBs("public"), "clusterinfra_load_balancer.a", "clusterinfra_load_balancer.b", "apps-load-balancer"))
}

func TestAccClusterPlatformLoadBalancer(t *testing.T) {
	runCase(t, slotCase("platform_load_balancer", "load_balancer_id", twoLBs("platform"), "clusterinfra_load_balancer.a", "clusterinfra_load_balancer.b", "platform-load-balancer"))
}

func TestAccClusterBastion(t *testing.T) {
	bastion := strings.Replace(server("ready"), `role               = "worker"`, "role = \"bastion\"\n  public_ip_address = \"198.51.100.4\"", 1)
	bastions := sshKey + bastion + strings.Replace(strings.Replace(bastion, `"s"`, `"s2"`, 1), "10.0.0.10", "10.0.0.12", 1)
	runCase(t, slotCase("bastion", "server_id", bastions, "clusterinfra_server.s", "clusterinfra_server.s2", "bastion"))
}

func TestAccClusterCaptainDomain(t *testing.T) {
	domains := strings.Replace(domain("zone-c1"), "tf-", "tf-c1-", 1) +
		strings.Replace(strings.Replace(domain("zone-c2"), "tf-", "tf-c2-", 1), `"d"`, `"d2"`, 1)
	runCase(t, slotCase("captain_domain", "domain_id", domains, "clusterinfra_domain.d", "clusterinfra_domain.d2", "captain-domain"))
}

func TestAccClusterControlPlaneRecordSet(t *testing.T) {
	records := strings.Replace(domain("zone-cp"), "tf-", "tf-cp-", 1) + recordSet(300) +
		strings.Replace(strings.Replace(recordSet(300), `"r"`, `"r2"`, 1), `"api"`, `"api2"`, 1)
	runCase(t, slotCase("control_plane_record_set", "record_set_id", records, "clusterinfra_record_set.r", "clusterinfra_record_set.r2", "control-plane-record-set"))
}

func TestAccClusterNodePool(t *testing.T) {
	pools := nodePool("cp-a", "worker") + strings.Replace(nodePool("cp-b", "master"), `"p"`, `"p2"`, 1)
	cfg := func(addr string) string {
		return "resource \"clusterinfra_cluster_node_pool\" \"n\" {\n  cluster_id = clusterinfra_cluster.c.id\n  node_pool_id = " + addr + ".id\n}\n"
	}
	runCase(t, accCase{
		addr: "clusterinfra_cluster_node_pool.n", setup: cluster("fsn1") + pools,
		create: cfg("clusterinfra_node_pool.p"), update: cfg("clusterinfra_node_pool.p2"),
		invalid: "resource \"clusterinfra_cluster_node_pool\" \"n\" {\n  cluster_id = \"x\"\n  node_pool_id = \"y\"\n}\n", invalidErr: "must be an id",
		drift: func(t *testing.T, id string) {
			parts := strings.Split(id, "/")
			mustAPI(t, http.MethodDelete, "/clusters/"+parts[0]+"/node-pools/"+parts[1], nil)
		},
	})
}

func TestAccClusterKubeconfig(t *testing.T) {
	cfg := func(version int) string {
		return fmt.Sprintf("resource \"clusterinfra_cluster_kubeconfig\" \"k\" {\n  cluster_id = clusterinfra_cluster.c.id\n  kubeconfig_wo = \"apiVersion: v1\\nkind: Config\\n# %d\\n\"\n  kubeconfig_wo_version = %d\n}\n", version, version)
	}
	runCase(t, accCase{
		addr: "clusterinfra_cluster_kubeconfig.k", setup: cluster("fsn1"), create: cfg(1), update: cfg(2),
		invalid: strings.Replace(cfg(1), "clusterinfra_cluster.c.id", `"x"`, 1), invalidErr: "must be an id",
		checks:       []resource.TestCheckFunc{resource.TestCheckNoResourceAttr("clusterinfra_cluster_kubeconfig.k", "kubeconfig_wo")},
		importIgnore: []string{"kubeconfig_wo_version"},
		// the API never says whether a kubeconfig is stored: the change it can show is the cluster's
		drift: func(t *testing.T, id string) { mustAPI(t, http.MethodDelete, "/clusters/"+id, nil) },
	})
}

func clusterMetadata(name, cluster, key, value string) string {
	return fmt.Sprintf("resource \"clusterinfra_cluster_metadata\" %q {\n  cluster_id = %s\n  key = %q\n  value = %q\n}\n", name, cluster, key, value)
}

// The cluster is made through the API, so it outlives the destroy: the entry's 404 afterwards is
// the entry's own deletion (a cluster's deletion takes its metadata with it).
func TestAccClusterMetadata(t *testing.T) {
	if os.Getenv(resource.EnvTfAcc) == "" {
		t.Skipf("Acceptance tests skipped unless env '%s' set", resource.EnvTfAcc)
	}
	preCheck(t)
	clusterID, _ := mustAPI(t, http.MethodPost, "/clusters", map[string]any{"name": "tf-metadata"})["id"].(string)
	t.Cleanup(func() { api(t, http.MethodDelete, "/clusters/"+clusterID, nil) })
	cluster := fmt.Sprintf("%q", clusterID)
	cfg := func(key, value string) string { return clusterMetadata("m", cluster, key, value) }
	runCase(t, accCase{
		addr: "clusterinfra_cluster_metadata.m", create: cfg("team", "platform"), update: cfg("owner", "site reliability"),
		invalid: cfg("", "x"), invalidErr: `key must be at least 1\s+characters`,
		moreInvalid: [][2]string{
			{cfg("Team", "x"), `key must be lower\s+case`},
			{cfg("a b", "x"), `key must have no\s+whitespace`},
			{cfg("team", " padded"), `value must not\s+start\s+or\s+end\s+with\s+whitespace`},
			{clusterMetadata("m", `"not-an-id"`, "team", "x"), "cluster_id must be an id"},
		},
		checks: []resource.TestCheckFunc{
			resource.TestCheckResourceAttr("clusterinfra_cluster_metadata.m", "cluster_id", clusterID),
			resource.TestCheckResourceAttr("clusterinfra_cluster_metadata.m", "key", "team"),
			resource.TestCheckResourceAttr("clusterinfra_cluster_metadata.m", "value", "platform"),
			resource.TestCheckResourceAttrSet("clusterinfra_cluster_metadata.m", "created_at"),
		},
		// a new key and value are one PATCH of the same entry
		inPlace: true,
		importIDs: []func(id string, s *terraform.State) string{
			func(id string, _ *terraform.State) string { return clusterID + "/" + id },
		},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/clusters/"+clusterID+"/metadata/"+id, map[string]any{"value": "changed-behind"})
		},
		path: func(id string) string { return "/clusters/" + clusterID + "/metadata/" + id },
	})
}

// The list data source gives the cluster's entries; a second entry with a key the cluster has is
// the API's 409.
func TestAccClusterMetadataListAndDuplicate(t *testing.T) {
	entries := cluster("fsn1") + clusterMetadata("a", "clusterinfra_cluster.c.id", "env", "prod") +
		clusterMetadata("b", "clusterinfra_cluster.c.id", "tier", "")
	list := `
data "clusterinfra_cluster_metadata" "all" {
  cluster_id = clusterinfra_cluster.c.id
  depends_on = [clusterinfra_cluster_metadata.a, clusterinfra_cluster_metadata.b]
}
`
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { preCheck(t) },
		ProtoV6ProviderFactories: factories,
		Steps: []resource.TestStep{
			{
				Config: entries + list,
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr("data.clusterinfra_cluster_metadata.all", "items.#", "2"),
					resource.TestCheckTypeSetElemNestedAttrs("data.clusterinfra_cluster_metadata.all", "items.*", map[string]string{"key": "env", "value": "prod"}),
					resource.TestCheckTypeSetElemNestedAttrs("data.clusterinfra_cluster_metadata.all", "items.*", map[string]string{"key": "tier", "value": ""}),
					resource.TestCheckTypeSetElemAttrPair("data.clusterinfra_cluster_metadata.all", "items.*.id", "clusterinfra_cluster_metadata.a", "id"),
				),
			},
			{
				Config:      entries + list + clusterMetadata("dup", "clusterinfra_cluster.c.id", "env", "staging"),
				ExpectError: regexpMust(`(?s)409.*metadata\s+key\s+already\s+exists`),
			},
		},
	})
}

func webhook(description string) string {
	return fmt.Sprintf("resource \"clusterinfra_webhook\" \"w\" {\n  url = \"http://127.0.0.1:9/tf-hook\"\n  events = [\"cluster.*\"]\n  description = %q\n}\n", description)
}

func TestAccWebhook(t *testing.T) {
	runCase(t, accCase{
		addr: "clusterinfra_webhook.w", create: webhook("first"), update: webhook("second"),
		invalid: webhook(strings.Repeat("d", 501)), invalidErr: "at most 500 characters",
		checks:       []resource.TestCheckFunc{resource.TestCheckResourceAttrSet("clusterinfra_webhook.w", "secret")},
		importIgnore: []string{"secret"},
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPatch, "/webhooks/"+id, map[string]any{"description": "changed-behind"})
		},
		path: func(id string) string { return "/webhooks/" + id },
	})
}

func TestAccOrgMember(t *testing.T) {
	user := os.Getenv("TF_ACC_MEMBER_USER_ID")
	cfg := func(role string) string {
		return fmt.Sprintf("resource \"clusterinfra_org_member\" \"m\" {\n  user_id = %q\n  role = %q\n}\n", user, role)
	}
	org := os.Getenv("CLUSTERINFRA_ORG_ID")
	runCase(t, accCase{
		addr: "clusterinfra_org_member.m", create: cfg("member"), update: cfg("admin"),
		invalid: cfg("guest"), invalidErr: "role must be one of",
		drift: func(t *testing.T, id string) {
			mustAPI(t, http.MethodPost, "/orgs/"+org+"/members", map[string]any{"user_id": id, "role": "member"})
		},
	})
}

func TestAccOrgKey(t *testing.T) {
	cfg := func(name string) string {
		return fmt.Sprintf("resource \"clusterinfra_org_key\" \"k\" {\n  name = %q\n  expires_in_hours = 24\n}\n", name)
	}
	org := os.Getenv("CLUSTERINFRA_ORG_ID")
	runCase(t, accCase{
		addr: "clusterinfra_org_key.k", create: cfg("ci-a"), update: cfg("ci-b"),
		invalid: strings.Replace(cfg("x"), "24", "0", 1), invalidErr: "expires_in_hours must be at least 1",
		checks: []resource.TestCheckFunc{
			resource.TestCheckResourceAttrSet("clusterinfra_org_key.k", "org_key"),
			resource.TestCheckResourceAttrSet("clusterinfra_org_key.k", "org_secret"),
		},
		importIgnore: []string{"org_key", "org_secret", "expires_in_hours"},
		drift:        func(t *testing.T, id string) { mustAPI(t, http.MethodDelete, "/orgs/"+org+"/api-keys/"+id, nil) },
	})
}
