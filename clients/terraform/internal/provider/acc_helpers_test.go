package provider_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/provider"
)

// The acceptance tests run Terraform (TF_ACC=1) against a running API: CLUSTERINFRA_BASE_URL,
// CLUSTERINFRA_TOKEN (a bearer token of the organization's owner) and CLUSTERINFRA_ORG_ID;
// TF_ACC_MEMBER_USER_ID names another user for the membership test. test/e2e/terraform.test.ts
// starts the system and runs them.

var factories = map[string]func() (tfprotov6.ProviderServer, error){
	"clusterinfra": providerserver.NewProtocol6WithError(provider.New("test")()),
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tfacc-cli-")
	if err == nil {
		cli := filepath.Join(dir, "terraformrc")
		_ = os.WriteFile(cli, nil, 0o600)
		_ = os.Setenv("TF_CLI_CONFIG_FILE", cli)
	}
	_ = os.Setenv("CHECKPOINT_DISABLE", "1")
	if os.Getenv("TF_ACC_TERRAFORM_PATH") == "" {
		if p, err := exec.LookPath("terraform"); err == nil {
			_ = os.Setenv("TF_ACC_TERRAFORM_PATH", p)
		}
	}
	if os.Getenv("TF_ACC") != "" && os.Getenv(provider.EnvBaseURL) != "" {
		id, err := createDNSCredential()
		if err != nil {
			fmt.Fprintln(os.Stderr, "creating the DNS tests' credential:", err)
			os.Exit(1)
		}
		dnsCredentialID = id
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// dnsCredentialID is one PowerDNS credential for every DNS test, created through the API: the API
// keeps one credential per provider, scope kind and scope in an organization.
var dnsCredentialID string

func createDNSCredential() (string, error) {
	body, _ := json.Marshal(map[string]any{
		"provider": "generic", "kind": "api_token", "schema_version": 1, "scope_kind": "service", "scope_version": 1,
		"scope": map[string]any{"service": "powerdns"}, "secret": map[string]any{"token": "pdns-token", "api_url": "http://127.0.0.1:9"},
	})
	req, err := http.NewRequest(http.MethodPost, strings.TrimRight(os.Getenv(provider.EnvBaseURL), "/")+"/api/v1/credentials", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv(provider.EnvToken))
	req.Header.Set("X-Org-ID", os.Getenv(provider.EnvOrgID))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusCreated {
		return "", fmt.Errorf("POST /credentials answered %d", resp.StatusCode)
	}
	return out.ID, nil
}

func preCheck(t *testing.T) {
	for _, env := range []string{provider.EnvBaseURL, provider.EnvToken, provider.EnvOrgID} {
		if os.Getenv(env) == "" {
			t.Fatalf("%s must be set for acceptance tests", env)
		}
	}
}

func suffix() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// api calls the API directly (a change made behind Terraform's back, or a check of what is stored).
func api(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, strings.TrimRight(os.Getenv(provider.EnvBaseURL), "/")+"/api/v1"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv(provider.EnvToken))
	req.Header.Set("X-Org-ID", os.Getenv(provider.EnvOrgID))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	if resp.StatusCode >= 300 && resp.StatusCode != 404 {
		t.Logf("%s %s answered %d: %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

func mustAPI(t *testing.T, method, path string, body any) map[string]any {
	t.Helper()
	status, out := api(t, method, path, body)
	if status >= 300 {
		t.Fatalf("%s %s answered %d", method, path, status)
	}
	return out
}

// accCase is what every resource's acceptance test does: a value the contract refuses is refused
// at plan, then create, update, import, a change made through the API shows in the next plan, and
// destroy leaves nothing behind.
type accCase struct {
	addr    string // e.g. clusterinfra_label.t
	setup   string // resources it depends on, in every configuration
	create  string
	update  string
	invalid string
	// invalidErr is the plan-time error expected for `invalid`.
	invalidErr string
	// moreInvalid are more {configuration, expected error} pairs refused at plan.
	moreInvalid [][2]string
	checks      []resource.TestCheckFunc
	// inPlace: the update must change the resource in place (not replace it).
	inPlace      bool
	importIgnore []string
	// importIDs: one import step (ImportStateVerify) per id form; the resource's id when none.
	importIDs []func(id string, s *terraform.State) string
	// drift changes the resource through the API (id: the resource's id).
	drift func(t *testing.T, id string)
	// path is the API route that must answer 404 after destroy ("" to skip).
	path func(id string) string
}

func runCase(t *testing.T, c accCase) {
	var id string
	capture := func(s *terraform.State) error {
		r, ok := s.RootModule().Resources[c.addr]
		if !ok {
			return fmt.Errorf("%s is not in the state", c.addr)
		}
		id = r.Primary.ID
		return nil
	}
	steps := []resource.TestStep{{Config: c.setup + c.invalid, ExpectError: regexp.MustCompile(c.invalidErr), PlanOnly: true}}
	for _, bad := range c.moreInvalid {
		steps = append(steps, resource.TestStep{Config: c.setup + bad[0], ExpectError: regexp.MustCompile(bad[1]), PlanOnly: true})
	}
	update := resource.TestStep{Config: c.setup + c.update, Check: capture}
	if c.inPlace {
		update.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(c.addr, plancheck.ResourceActionUpdate)}
	}
	steps = append(steps,
		resource.TestStep{Config: c.setup + c.create, Check: resource.ComposeTestCheckFunc(append([]resource.TestCheckFunc{capture}, c.checks...)...)},
		update,
	)
	importIDs := c.importIDs
	if len(importIDs) == 0 {
		importIDs = append(importIDs, func(id string, _ *terraform.State) string { return id })
	}
	for _, importID := range importIDs {
		steps = append(steps, resource.TestStep{
			ResourceName: c.addr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: c.importIgnore,
			ImportStateIdFunc: func(s *terraform.State) (string, error) { return importID(id, s), nil },
		})
	}
	steps = append(steps, resource.TestStep{Config: c.setup + c.update, PreConfig: func() { c.drift(t, id) }, PlanOnly: true, ExpectNonEmptyPlan: true})
	resource.ParallelTest(t, resource.TestCase{
		PreCheck:                 func() { preCheck(t) },
		ProtoV6ProviderFactories: factories,
		Steps:                    steps,
		CheckDestroy: func(*terraform.State) error {
			if c.path == nil || id == "" {
				return nil
			}
			if status, _ := api(t, http.MethodGet, c.path(id), nil); status != http.StatusNotFound {
				return fmt.Errorf("%s still answers %d after destroy", c.path(id), status)
			}
			return nil
		},
	})
}

func attr(s *terraform.State, addr, name string) string {
	if r, ok := s.RootModule().Resources[addr]; ok {
		return r.Primary.Attributes[name]
	}
	return ""
}
