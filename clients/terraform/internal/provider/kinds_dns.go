package provider

import (
	"context"
	"encoding/json"
	"strings"
)

var (
	credentialProviders = []string{"aws", "cloudflare", "hetzner", "digitalocean", "generic"}
	credentialKinds     = []string{"aws_access_key", "api_token", "basic_auth", "oauth2"}
	scopeKinds          = []string{"provider", "service", "resource"}
	recordTypes         = []string{"A", "AAAA", "CNAME", "TXT", "MX", "NS", "SRV", "CAA"}
)

func dnsKinds() []Kind {
	return []Kind{credentialKind(), domainKind(), recordSetKind()}
}

// credentialKind: the secret is write-only (never in the state); bump secret_wo_version to rotate it.
func credentialKind() Kind {
	// withSecret replaces the write-only JSON text by the object the API takes.
	withSecret := func(body map[string]any) error {
		text, ok := body["secret"].(string)
		if !ok {
			return nil
		}
		var secret map[string]any
		if err := json.Unmarshal([]byte(text), &secret); err != nil {
			return errorf("secret_wo must be a JSON object (jsonencode({...})): %v", err)
		}
		body["secret"] = secret
		return nil
	}
	create, update := createVia((*client).PostCredentialsWithBody), updateVia((*client).PatchCredentialsIdWithBody)
	return Kind{
		Name:        "credential",
		Description: "An encrypted cloud or DNS credential. The secret is write-only: Terraform sends it and never stores it; change `secret_wo_version` to send a new one.",
		Fields: []Field{
			{Name: "name", Mode: Optional, MaxLen: 100, Description: "The name."},
			{Name: "credential_provider", JSON: "provider", Mode: Required, Enum: credentialProviders, Description: "The cloud or DNS provider (the API's `provider`)."},
			{Name: "kind", Mode: Required, Enum: credentialKinds, Description: "The kind of secret."},
			{Name: "schema_version", Type: Int, Mode: Required, Min: ptr(1), Description: "The secret's schema version."},
			{Name: "scope_kind", Mode: Required, Enum: scopeKinds, Description: "What the credential is scoped to."},
			{Name: "scope_version", Type: Int, Mode: Required, Min: ptr(1), Description: "The scope's version."},
			{Name: "scope", Type: StringMap, Mode: Required, Description: "The scope, e.g. `{ service = \"route53\" }`."},
			{Name: "account_id", Mode: Optional, MaxLen: 32, Description: "The cloud account id."},
			{Name: "region", Mode: Optional, MaxLen: 32, Description: "The region."},
			{Name: "secret_wo", JSON: "secret", Mode: Required, WriteOnly: true, Sensitive: true, Description: "The secret as a JSON object (`jsonencode({...})`); write-only, never stored in the state."},
			{Name: "secret_wo_version", Type: Int, Mode: Optional, NoSend: true, Description: "Change it to send `secret_wo` again (rotate the secret)."},
			createdAt,
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			if err := withSecret(body); err != nil {
				return nil, err
			}
			return create(ctx, c, body)
		},
		Read: readVia((*client).GetCredentialsId),
		Update: func(ctx context.Context, c Call, id string, body map[string]any) (map[string]any, error) {
			if equalValues(c.Plan["secret_wo_version"], c.Prior["secret_wo_version"]) {
				delete(body, "secret")
			} else if err := withSecret(body); err != nil {
				return nil, err
			}
			return update(ctx, c, id, body)
		},
		Delete:   deleteVia((*client).DeleteCredentialsId),
		ListName: "credentials", List: listVia((*client).GetCredentials),
		ListFilters: []Field{
			{Name: "credential_provider", JSON: "provider", Mode: Optional, Enum: credentialProviders, Description: "Only this provider."},
			{Name: "kind", Mode: Optional, Enum: credentialKinds, Description: "Only this kind."},
			{Name: "scope_kind", Mode: Optional, Enum: scopeKinds, Description: "Only this scope kind."},
		},
	}
}

func domainKind() Kind {
	return Kind{
		Name: "domain", Description: "A DNS domain, hosted by the DNS service its credential is scoped to.",
		Fields: []Field{
			{Name: "credential_id", Mode: Required, IsID: true, Description: "A credential of the organization scoped to a DNS hosting service (route53 or powerdns)."},
			{Name: "domain_name", Mode: Required, MinLen: 1, MaxLen: 253, Description: "The domain (lower case, no trailing dot)."},
			{Name: "zone_id", Mode: OptionalComputed, MaxLen: 128, Description: "The hosted zone's id (filled in asynchronously when left out)."},
			{Name: "status", Mode: Computed, Description: "The reconciliation status."},
			createdAt,
		},
		Create: createVia((*client).PostDnsDomainsWithBody), Read: readVia((*client).GetDnsDomainsId),
		Update: updateVia((*client).PatchDnsDomainsIdWithBody), Delete: deleteVia((*client).DeleteDnsDomainsId),
		ListName: "domains", List: listVia((*client).GetDnsDomains),
		ListFilters: []Field{
			{Name: "domain_name", Mode: Optional, Description: "Only this domain (exact)."},
			{Name: "status", Mode: Optional, Enum: serverStatuses, Description: "Only domains with this status."},
			{Name: "q", Mode: Optional, Description: "Domains containing this text (case-insensitive)."},
		},
	}
}

// recordSetKind: a record set of a domain, read by its id (the answer names its domain); imported
// as `<id>` or `<domain_id>/<id>`.
func recordSetKind() Kind {
	list := func(ctx context.Context, c Call, filters map[string]any) ([]map[string]any, error) {
		domain, err := UUID(str(c.Plan, "domain_id"))
		if err != nil {
			return nil, err
		}
		delete(filters, "domain_id")
		return Objects(c.API.C.GetDnsDomainsDomainIdRecords(ctx, domain, nil, query(filters)))
	}
	read := readVia((*client).GetDnsRecordsId)
	return Kind{
		Name: "record_set", Description: "A DNS record set of a domain (upserted to the DNS host asynchronously). Import id: `<id>` (the domain is read from the API) or `<domain_id>/<id>`.",
		Fields: []Field{
			{Name: "domain_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The domain."},
			{Name: "name", Mode: Required, MaxLen: 253, Description: "The name relative to the domain (`@` is the apex)."},
			{Name: "type", Mode: Required, Enum: recordTypes, Description: "The record type."},
			{Name: "ttl", Type: Int, Mode: OptionalComputed, Min: ptr(1), Max: ptr(86400), Description: "Seconds (300 when left out)."},
			{Name: "values", Type: StringList, Mode: Required, MinLen: 1, MaxLen: 1024, Description: "The values, in the type's syntax (a CNAME takes exactly one)."},
			{Name: "status", Mode: Computed, Description: "The reconciliation status."},
			createdAt,
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			domain, err := UUID(str(c.Plan, "domain_id"))
			if err != nil {
				return nil, err
			}
			return Object(c.API.C.PostDnsDomainsDomainIdRecordsWithBody(ctx, domain, nil, jsonType, JSONBody(body)))
		},
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			answer, err := read(ctx, c, id)
			if err != nil {
				return nil, err
			}
			if domain := str(answer, "domain_id"); domain != "" {
				c.Plan["domain_id"] = domain // an import by the id alone learns its domain here
			}
			return answer, nil
		},
		Update: updateVia((*client).PatchDnsRecordsIdWithBody), Delete: deleteVia((*client).DeleteDnsRecordsId),
		ImportID: func(id string) (Values, error) {
			if !strings.Contains(id, "/") {
				return Values{"id": id}, nil
			}
			v, err := splitID(id, "domain_id", "record_set_id")
			if err != nil {
				return nil, err
			}
			return Values{"id": v["record_set_id"], "domain_id": v["domain_id"]}, nil
		},
		ListName: "record_sets", List: list,
		ListFilters: []Field{
			{Name: "domain_id", Mode: Required, IsID: true, Description: "The domain whose record sets to list."},
			{Name: "name", Mode: Optional, Description: "Only this name (relative or FQDN)."},
			{Name: "type", Mode: Optional, Enum: recordTypes, Description: "Only this type."},
			{Name: "status", Mode: Optional, Enum: serverStatuses, Description: "Only this status."},
		},
	}
}
