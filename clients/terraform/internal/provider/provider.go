// Package provider is the Terraform/OpenTofu provider for the cluster infrastructure API.
package provider

import (
	"context"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Environment variables read when the configuration leaves a setting out.
const (
	EnvBaseURL   = "CLUSTERINFRA_BASE_URL"
	EnvToken     = "CLUSTERINFRA_TOKEN"
	EnvAPIKey    = "CLUSTERINFRA_API_KEY"
	EnvOrgKey    = "CLUSTERINFRA_ORG_KEY"
	EnvOrgSecret = "CLUSTERINFRA_ORG_SECRET"
	EnvOrgID     = "CLUSTERINFRA_ORG_ID"
)

type clusterInfraProvider struct{ version string }

type providerModel struct {
	BaseURL        types.String `tfsdk:"base_url"`
	Token          types.String `tfsdk:"token"`
	APIKey         types.String `tfsdk:"api_key"`
	OrgKey         types.String `tfsdk:"org_key"`
	OrgSecret      types.String `tfsdk:"org_secret"`
	OrganizationID types.String `tfsdk:"organization_id"`
}

// New returns the provider factory providerserver.Serve and the acceptance tests use.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &clusterInfraProvider{version: version} }
}

func (p *clusterInfraProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "clusterinfra"
	resp.Version = p.version
}

func (p *clusterInfraProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Manages an organization's clusters and inventory through the cluster infrastructure API (/api/v1).",
		Attributes: map[string]schema.Attribute{
			"base_url":        schema.StringAttribute{Optional: true, Description: "The API's address, e.g. `http://localhost:8080` (the routes' `/api/v1` prefix is added). Env: `" + EnvBaseURL + "`."},
			"token":           schema.StringAttribute{Optional: true, Sensitive: true, Description: "A bearer access token. Env: `" + EnvToken + "`. Organization members and keys need it."},
			"api_key":         schema.StringAttribute{Optional: true, Sensitive: true, Description: "A user API key (X-API-KEY). Env: `" + EnvAPIKey + "`."},
			"org_key":         schema.StringAttribute{Optional: true, Sensitive: true, Description: "An organization key (X-ORG-KEY), with `org_secret`. Env: `" + EnvOrgKey + "`."},
			"org_secret":      schema.StringAttribute{Optional: true, Sensitive: true, Description: "The organization key's secret (X-ORG-SECRET). Env: `" + EnvOrgSecret + "`."},
			"organization_id": schema.StringAttribute{Optional: true, Description: "The organization (X-Org-ID) every resource belongs to. Env: `" + EnvOrgID + "`."},
		},
	}
}

func setting(v types.String, env string) string {
	if !v.IsNull() && !v.IsUnknown() && v.ValueString() != "" {
		return v.ValueString()
	}
	return os.Getenv(env)
}

func (p *clusterInfraProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var m providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	s := Settings{
		BaseURL:   setting(m.BaseURL, EnvBaseURL),
		Token:     setting(m.Token, EnvToken),
		APIKey:    setting(m.APIKey, EnvAPIKey),
		OrgKey:    setting(m.OrgKey, EnvOrgKey),
		OrgSecret: setting(m.OrgSecret, EnvOrgSecret),
		OrgID:     setting(m.OrganizationID, EnvOrgID),
	}
	if s.BaseURL == "" {
		resp.Diagnostics.AddError("Missing base_url", "Set base_url in the provider block or "+EnvBaseURL+".")
	}
	if s.Token == "" && s.APIKey == "" && (s.OrgKey == "" || s.OrgSecret == "") {
		resp.Diagnostics.AddError("Missing credentials", "Set token, api_key, or org_key with org_secret (or "+EnvToken+", "+EnvAPIKey+", "+EnvOrgKey+" with "+EnvOrgSecret+").")
	}
	if resp.Diagnostics.HasError() {
		return
	}
	api, err := NewAPI(s)
	if err != nil {
		resp.Diagnostics.AddError("Invalid base_url", err.Error())
		return
	}
	resp.ResourceData = api
	resp.DataSourceData = api
}

func (p *clusterInfraProvider) Resources(context.Context) []func() resource.Resource {
	var out []func() resource.Resource
	for _, k := range Kinds() {
		out = append(out, func() resource.Resource { return &kindResource{k: k} })
	}
	return out
}

func (p *clusterInfraProvider) DataSources(context.Context) []func() datasource.DataSource {
	var out []func() datasource.DataSource
	for _, k := range Kinds() {
		if k.List != nil {
			out = append(out, func() datasource.DataSource { return &listDataSource{k: k} })
		}
	}
	return out
}
