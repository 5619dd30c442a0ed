package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
)

// listDataSource is the one data source implementation: a Kind's list route and its filters.
type listDataSource struct {
	k   Kind
	api *API
}

func (d *listDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.k.ListName
}

func (d *listDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dataSourceSchema(d.k)
}

func (d *listDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	if api, ok := req.ProviderData.(*API); ok {
		d.api = api
	}
}

func (d *listDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	config, err := valuesOf(req.Config.Raw)
	if err != nil {
		resp.Diagnostics.AddError(d.k.ListName+" read failed", err.Error())
		return
	}
	filters := map[string]any{}
	for _, f := range d.k.ListFilters {
		if v := config[f.Name]; v != nil && v != Unknown {
			filters[f.key()] = v
		}
	}
	answers, err := d.k.List(ctx, Call{API: d.api, Plan: config}, filters)
	if err != nil {
		resp.Diagnostics.AddError(d.k.ListName+" read failed", err.Error())
		return
	}
	items := make([]any, 0, len(answers))
	for _, a := range answers {
		item := map[string]any{"id": a["id"]}
		if d.k.ID != nil {
			item["id"] = d.k.ID(a, Call{API: d.api})
		}
		for _, f := range itemFields(d.k) {
			if f.From != nil {
				item[f.Name] = f.From(a)
			} else {
				item[f.Name] = jsonValue(f, a[f.key()])
			}
		}
		items = append(items, item)
	}
	out := map[string]any{}
	for k, v := range config {
		if v != Unknown {
			out[k] = v
		}
	}
	out["items"] = items
	state, err := tfValue(req.Config.Raw.Type(), out)
	if err != nil {
		resp.Diagnostics.AddError(d.k.ListName+" read failed", err.Error())
		return
	}
	resp.State.Raw = state
}
