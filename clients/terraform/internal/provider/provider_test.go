package provider

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Every kind's schema is one Terraform accepts, and every name is used once.
func TestSchemasAreValid(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds() {
		if seen[k.Name] {
			t.Errorf("resource %s is declared twice", k.Name)
		}
		seen[k.Name] = true
		if diags := resourceSchema(k).ValidateImplementation(context.Background()); diags.HasError() {
			t.Errorf("%s: %v", k.Name, diags)
		}
		if k.Update == nil {
			for _, f := range k.Fields {
				if f.Mode != Computed && !f.ForceNew {
					t.Errorf("%s.%s can change but %s has no update: it must force a replacement", k.Name, f.Name, k.Name)
				}
			}
		}
		if k.List != nil {
			if diags := dataSourceSchema(k).ValidateImplementation(context.Background()); diags.HasError() {
				t.Errorf("%s data source: %v", k.ListName, diags)
			}
		}
	}
	for _, want := range []string{"label", "annotation", "taint", "server", "ssh_key", "credential", "domain", "record_set", "load_balancer",
		"node_pool", "node_pool_server", "node_pool_label", "node_pool_annotation", "node_pool_taint", "cluster", "cluster_apps_load_balancer",
		"cluster_platform_load_balancer", "cluster_bastion", "cluster_captain_domain", "cluster_control_plane_record_set", "cluster_node_pool",
		"cluster_kubeconfig", "cluster_metadata", "webhook", "org_member", "org_key"} {
		if !seen[want] {
			t.Errorf("no resource %s", want)
		}
	}
}

func TestContractValidator(t *testing.T) {
	cases := []struct {
		f     Field
		value any
		ok    bool
	}{
		{Field{Name: "effect", Enum: []string{"NoSchedule"}}, "NoSchedule", true},
		{Field{Name: "effect", Enum: []string{"NoSchedule"}}, "noschedule", false},
		{Field{Name: "key", MinLen: 1, MaxLen: 3}, "", false},
		{Field{Name: "key", MinLen: 1, MaxLen: 3}, "abc", true},
		{Field{Name: "key", MinLen: 1, MaxLen: 3}, "abcd", false},
		{Field{Name: "ttl", Min: ptr(1), Max: ptr(86400)}, int64(0), false},
		{Field{Name: "ttl", Min: ptr(1), Max: ptr(86400)}, int64(86400), true},
		{Field{Name: "ttl", Min: ptr(1), Max: ptr(86400)}, int64(86401), false},
		{Field{Name: "bits", IntEnum: []int64{2048, 4096}}, int64(1024), false},
		{Field{Name: "id", IsID: true}, "0190a000-0000-7000-8000-000000000000", true},
		{Field{Name: "id", IsID: true}, "nope", false},
		{Field{Name: "values", MaxLen: 2}, []any{"ab", "abc"}, false},
		// a cluster metadata entry: the API lower-cases the key and trims the value
		{metadataField("key"), "team.example.com/owner", true},
		{metadataField("key"), "", false},
		{metadataField("key"), "Team", false},
		{metadataField("key"), "ÉQUIPE", false},
		{metadataField("key"), "équipe", true},
		{metadataField("key"), "a b", false},
		{metadataField("key"), "a\u00a0b", false},
		{metadataField("key"), "a[0]", false},
		{metadataField("key"), strings.Repeat("k", 253), true},
		{metadataField("key"), strings.Repeat("k", 254), false},
		{metadataField("value"), "", true},
		{metadataField("value"), "Mixed Case, inner spaces", true},
		{metadataField("value"), " leading", false},
		{metadataField("value"), "trailing\n", false},
		{metadataField("value"), "bom\ufeff", false},
		{metadataField("value"), strings.Repeat("v", 1025), false},
	}
	for _, c := range cases {
		if got := (contractValidator{c.f}).problem(c.value) == ""; got != c.ok {
			t.Errorf("%s = %v: valid %v, want %v", c.f.Name, c.value, got, c.ok)
		}
	}
}

func metadataField(name string) Field {
	for _, k := range Kinds() {
		if k.Name == "cluster_metadata" {
			for _, f := range k.Fields {
				if f.Name == name {
					return f
				}
			}
		}
	}
	panic("no cluster_metadata field " + name)
}

// The record set imports by its id alone or by <domain_id>/<id>; a metadata entry by <cluster_id>/<id>.
func TestImportIDs(t *testing.T) {
	kinds := map[string]Kind{}
	for _, k := range Kinds() {
		kinds[k.Name] = k
	}
	cases := []struct {
		kind, id string
		want     Values
	}{
		{"record_set", "r1", Values{"id": "r1"}},
		{"record_set", "d1/r1", Values{"id": "r1", "domain_id": "d1"}},
		{"record_set", "d1/r1/x", nil},
		{"cluster_metadata", "c1/m1", Values{"id": "m1", "cluster_id": "c1"}},
		{"cluster_metadata", "m1", nil},
	}
	for _, c := range cases {
		got, err := kinds[c.kind].ImportID(c.id)
		if c.want == nil {
			if err == nil {
				t.Errorf("%s import %q: %v, want an error", c.kind, c.id, got)
			}
			continue
		}
		if err != nil || len(got) != len(c.want) {
			t.Errorf("%s import %q: %v %v, want %v", c.kind, c.id, got, err, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s import %q: %s = %v, want %v", c.kind, c.id, k, got[k], v)
			}
		}
	}
}

func TestRequestBodySendsChangesOnly(t *testing.T) {
	r := &kindResource{k: Kind{Name: "x", Fields: []Field{
		{Name: "name", Mode: Required}, {Name: "public_ip_address", Mode: Optional}, {Name: "status", Mode: OptionalComputed},
		{Name: "secret_wo", JSON: "secret", Mode: Required, WriteOnly: true}, {Name: "created_at", Mode: Computed},
	}}}
	created := r.requestBody(Values{"name": "a", "public_ip_address": nil, "status": Unknown, "created_at": Unknown}, Values{"secret_wo": "s"}, nil)
	if len(created) != 2 || created["name"] != "a" || created["secret"] != "s" {
		t.Errorf("create body %v", created)
	}
	updated := r.requestBody(Values{"name": "a", "public_ip_address": nil, "status": nil}, Values{}, Values{"name": "a", "public_ip_address": "1.2.3.4", "status": "ready"})
	if len(updated) != 1 || updated["public_ip_address"] != "" {
		t.Errorf("update body %v (a removed optional value is cleared; unchanged ones are not sent)", updated)
	}
}

// A 503 is retried where repeating the request creates nothing; a create is not repeated.
func TestRetryingDoer(t *testing.T) {
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls[r.Method+" "+r.URL.Path]++
		body, _ := io.ReadAll(r.Body)
		if calls[r.Method+" "+r.URL.Path] < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	d := retryingDoer{next: srv.Client(), waits: []time.Duration{time.Millisecond, time.Millisecond, time.Millisecond}}
	for _, c := range []struct {
		method, path string
		want         int
	}{
		{http.MethodPatch, "/api/v1/labels/x", http.StatusOK},
		{http.MethodPost, "/api/v1/clusters/x/bastion", http.StatusOK},
		{http.MethodPost, "/api/v1/labels", http.StatusServiceUnavailable},
		{http.MethodPost, "/api/v1/clusters/x/metadata", http.StatusServiceUnavailable},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(`{"a":1}`))
		resp, err := d.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != c.want || (c.want == http.StatusOK && string(got) != `{"a":1}`) {
			t.Errorf("%s %s: %d %q, want %d with the body sent again", c.method, c.path, resp.StatusCode, got, c.want)
		}
	}
	for _, create := range []string{"POST /api/v1/labels", "POST /api/v1/clusters/x/metadata"} {
		if calls[create] != 1 {
			t.Errorf("a create (%s) was sent %d times", create, calls[create])
		}
	}
}
