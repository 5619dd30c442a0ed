package provider

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// kindResource is the one resource implementation: a Kind says what differs.
type kindResource struct {
	k   Kind
	api *API
}

var (
	_ resource.Resource                = (*kindResource)(nil)
	_ resource.ResourceWithImportState = (*kindResource)(nil)
	_ resource.ResourceWithConfigure   = (*kindResource)(nil)
)

func (r *kindResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.k.Name
}

func (r *kindResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = resourceSchema(r.k)
}

func (r *kindResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	if api, ok := req.ProviderData.(*API); ok {
		r.api = api
	}
}

// requestBody: the inputs to send. With prior values (an update) only those that changed; a
// value removed from the configuration is sent as its zero value.
func (r *kindResource) requestBody(plan, config, prior Values) map[string]any {
	body := map[string]any{}
	for _, f := range r.k.Fields {
		if !f.input() {
			continue
		}
		v := plan[f.Name]
		if f.WriteOnly {
			v = config[f.Name]
		}
		if v == Unknown {
			continue
		}
		if prior != nil && !f.WriteOnly {
			if equalValues(v, prior[f.Name]) {
				continue
			}
			if v == nil {
				if f.Mode == OptionalComputed {
					continue
				}
				v = zeroOf(f.Type)
			}
		}
		if v != nil {
			body[f.key()] = v
		}
	}
	return body
}

// stateOf builds the stored object from the API's answer; what the answer lacks comes from base.
func (r *kindResource) stateOf(ctx context.Context, typ tftypes.Type, answer map[string]any, base Values, c Call) (tftypes.Value, error) {
	vals := Values{}
	id, _ := answer["id"].(string)
	if r.k.ID != nil {
		id = r.k.ID(answer, c)
	}
	if id == "" {
		id, _ = base["id"].(string)
	}
	vals["id"] = id
	for _, f := range r.k.Fields {
		keep := base[f.Name]
		if keep == Unknown {
			keep = nil
		}
		switch {
		case f.WriteOnly:
			vals[f.Name] = nil
		case f.From != nil:
			vals[f.Name] = f.From(answer)
		case f.InputOnly || f.NoSend:
			vals[f.Name] = keep
		default:
			v, ok := answer[f.key()]
			switch {
			case !ok:
				vals[f.Name] = keep
			case f.Mode == Optional && keep == nil && isZero(v):
				vals[f.Name] = nil // the API's empty value for an attribute left out
			default:
				vals[f.Name] = jsonValue(f, v)
			}
		}
	}
	return tfValue(typ, map[string]any(vals))
}

func (r *kindResource) fail(diags *diag.Diagnostics, what string, err error) {
	diags.AddError(fmt.Sprintf("%s %s failed", r.k.Name, what), err.Error())
}

func (r *kindResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan, err := valuesOf(req.Plan.Raw)
	if err != nil {
		r.fail(&resp.Diagnostics, "create", err)
		return
	}
	config, err := valuesOf(req.Config.Raw)
	if err != nil {
		r.fail(&resp.Diagnostics, "create", err)
		return
	}
	c := Call{API: r.api, Plan: plan}
	answer, err := r.k.Create(ctx, c, r.requestBody(plan, config, nil))
	if err != nil {
		r.fail(&resp.Diagnostics, "create", err)
		return
	}
	state, err := r.stateOf(ctx, req.Plan.Raw.Type(), answer, plan, c)
	if err != nil {
		r.fail(&resp.Diagnostics, "create", err)
		return
	}
	resp.State.Raw = state
}

func (r *kindResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	prior, err := valuesOf(req.State.Raw)
	if err != nil {
		r.fail(&resp.Diagnostics, "read", err)
		return
	}
	c := Call{API: r.api, Plan: prior}
	id, _ := prior["id"].(string)
	answer, err := r.k.Read(ctx, c, id)
	if errors.Is(err, ErrNotFound) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		r.fail(&resp.Diagnostics, "read", err)
		return
	}
	state, err := r.stateOf(ctx, req.State.Raw.Type(), answer, prior, c)
	if err != nil {
		r.fail(&resp.Diagnostics, "read", err)
		return
	}
	resp.State.Raw = state
}

func (r *kindResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	if r.k.Update == nil {
		resp.Diagnostics.AddError(r.k.Name+" cannot be updated", "every change to it replaces it")
		return
	}
	plan, err1 := valuesOf(req.Plan.Raw)
	prior, err2 := valuesOf(req.State.Raw)
	config, err3 := valuesOf(req.Config.Raw)
	if err := errors.Join(err1, err2, err3); err != nil {
		r.fail(&resp.Diagnostics, "update", err)
		return
	}
	c := Call{API: r.api, Plan: plan, Prior: prior}
	id, _ := prior["id"].(string)
	answer, err := r.k.Update(ctx, c, id, r.requestBody(plan, config, prior))
	if err != nil {
		r.fail(&resp.Diagnostics, "update", err)
		return
	}
	state, err := r.stateOf(ctx, req.Plan.Raw.Type(), answer, plan, c)
	if err != nil {
		r.fail(&resp.Diagnostics, "update", err)
		return
	}
	resp.State.Raw = state
}

func (r *kindResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	prior, err := valuesOf(req.State.Raw)
	if err != nil {
		r.fail(&resp.Diagnostics, "delete", err)
		return
	}
	id, _ := prior["id"].(string)
	if err := r.k.Delete(ctx, Call{API: r.api, Plan: prior}, id); err != nil {
		r.fail(&resp.Diagnostics, "delete", err)
	}
}

func (r *kindResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	vals := Values{"id": req.ID}
	if r.k.ImportID != nil {
		v, err := r.k.ImportID(req.ID)
		if err != nil {
			resp.Diagnostics.AddError("Invalid import id for "+r.k.Name, err.Error())
			return
		}
		vals = v
	}
	typ := resp.State.Schema.Type().TerraformType(ctx)
	state, err := tfValue(typ, map[string]any(vals))
	if err != nil {
		r.fail(&resp.Diagnostics, "import", err)
		return
	}
	resp.State.Raw = state
}
