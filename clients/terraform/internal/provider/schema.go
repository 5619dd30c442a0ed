package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func idAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Computed:      true,
		Description:   "The resource's id (what `terraform import` takes).",
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

func resourceSchema(k Kind) schema.Schema {
	attrs := map[string]schema.Attribute{"id": idAttribute()}
	for _, f := range k.Fields {
		attrs[f.Name] = resourceAttribute(f)
	}
	return schema.Schema{Description: k.Description, MarkdownDescription: k.Description, Attributes: attrs}
}

func describe(f Field) string {
	d := f.Description
	if f.validated() {
		d += " (" + contractValidator{f}.describe() + ")"
	}
	if f.ForceNew {
		d += " Changing it replaces the resource."
	}
	return d
}

func resourceAttribute(f Field) schema.Attribute {
	req, opt, comp := f.Mode == Required, f.Mode == Optional || f.Mode == OptionalComputed, f.Mode == Computed || f.Mode == OptionalComputed
	keep := f.Stable || f.Mode == OptionalComputed
	d := describe(f)
	v := contractValidator{f}
	switch f.Type {
	case Int:
		a := schema.Int64Attribute{Required: req, Optional: opt, Computed: comp, Sensitive: f.Sensitive, WriteOnly: f.WriteOnly, Description: d, MarkdownDescription: d}
		if f.validated() {
			a.Validators = []validator.Int64{v}
		}
		if f.ForceNew {
			a.PlanModifiers = append(a.PlanModifiers, int64planmodifier.RequiresReplaceIfConfigured())
		}
		if keep {
			a.PlanModifiers = append(a.PlanModifiers, int64planmodifier.UseStateForUnknown())
		}
		return a
	case Bool:
		a := schema.BoolAttribute{Required: req, Optional: opt, Computed: comp, Sensitive: f.Sensitive, WriteOnly: f.WriteOnly, Description: d, MarkdownDescription: d}
		if f.ForceNew {
			a.PlanModifiers = append(a.PlanModifiers, boolplanmodifier.RequiresReplaceIfConfigured())
		}
		if keep {
			a.PlanModifiers = append(a.PlanModifiers, boolplanmodifier.UseStateForUnknown())
		}
		return a
	case StringList:
		a := schema.ListAttribute{ElementType: types.StringType, Required: req, Optional: opt, Computed: comp, Sensitive: f.Sensitive, WriteOnly: f.WriteOnly, Description: d, MarkdownDescription: d}
		if f.validated() {
			a.Validators = []validator.List{v}
		}
		if f.ForceNew {
			a.PlanModifiers = append(a.PlanModifiers, listplanmodifier.RequiresReplaceIfConfigured())
		}
		if keep {
			a.PlanModifiers = append(a.PlanModifiers, listplanmodifier.UseStateForUnknown())
		}
		return a
	case StringMap:
		a := schema.MapAttribute{ElementType: types.StringType, Required: req, Optional: opt, Computed: comp, Sensitive: f.Sensitive, WriteOnly: f.WriteOnly, Description: d, MarkdownDescription: d}
		if f.ForceNew {
			a.PlanModifiers = append(a.PlanModifiers, mapplanmodifier.RequiresReplaceIfConfigured())
		}
		if keep {
			a.PlanModifiers = append(a.PlanModifiers, mapplanmodifier.UseStateForUnknown())
		}
		return a
	default:
		a := schema.StringAttribute{Required: req, Optional: opt, Computed: comp, Sensitive: f.Sensitive, WriteOnly: f.WriteOnly, Description: d, MarkdownDescription: d}
		if f.validated() {
			a.Validators = []validator.String{v}
		}
		if f.ForceNew {
			a.PlanModifiers = append(a.PlanModifiers, stringplanmodifier.RequiresReplaceIfConfigured())
		}
		if keep {
			a.PlanModifiers = append(a.PlanModifiers, stringplanmodifier.UseStateForUnknown())
		}
		return a
	}
}

// dataSourceSchema: the list's filters (optional) and `items`, each item the resource's readable attributes.
func dataSourceSchema(k Kind) dsschema.Schema {
	attrs := map[string]dsschema.Attribute{}
	for _, f := range k.ListFilters {
		attrs[f.Name] = dataSourceFilter(f)
	}
	item := map[string]dsschema.Attribute{"id": dsschema.StringAttribute{Computed: true}}
	for _, f := range itemFields(k) {
		item[f.Name] = dataSourceItem(f)
	}
	desc := "Lists the organization's " + k.ListName + " (the API's list route, at most 1000 items)."
	attrs["items"] = dsschema.ListNestedAttribute{Computed: true, Description: "The matching items.", NestedObject: dsschema.NestedAttributeObject{Attributes: item}}
	return dsschema.Schema{Description: desc, MarkdownDescription: desc, Attributes: attrs}
}

// itemFields are the fields a list answer carries (not write-only, not input-only).
func itemFields(k Kind) []Field {
	var out []Field
	for _, f := range k.Fields {
		if !f.WriteOnly && !f.InputOnly && !f.NoSend {
			out = append(out, f)
		}
	}
	return out
}

func dataSourceFilter(f Field) dsschema.Attribute {
	d := describe(f)
	v := contractValidator{f}
	if f.Mode == Required {
		return dsschema.StringAttribute{Required: true, Description: d}
	}
	switch f.Type {
	case Bool:
		return dsschema.BoolAttribute{Optional: true, Description: d}
	case Int:
		a := dsschema.Int64Attribute{Optional: true, Description: d}
		if f.validated() {
			a.Validators = []validator.Int64{v}
		}
		return a
	default:
		a := dsschema.StringAttribute{Optional: true, Description: d}
		if f.validated() {
			a.Validators = []validator.String{v}
		}
		return a
	}
}

func dataSourceItem(f Field) dsschema.Attribute {
	switch f.Type {
	case Int:
		return dsschema.Int64Attribute{Computed: true, Sensitive: f.Sensitive, Description: f.Description}
	case Bool:
		return dsschema.BoolAttribute{Computed: true, Sensitive: f.Sensitive, Description: f.Description}
	case StringList:
		return dsschema.ListAttribute{ElementType: types.StringType, Computed: true, Sensitive: f.Sensitive, Description: f.Description}
	case StringMap:
		return dsschema.MapAttribute{ElementType: types.StringType, Computed: true, Sensitive: f.Sensitive, Description: f.Description}
	default:
		return dsschema.StringAttribute{Computed: true, Sensitive: f.Sensitive, Description: f.Description}
	}
}

var _ datasource.DataSource = (*listDataSource)(nil)

// DescribeField is a field's description with its contract (for the documentation generator).
func DescribeField(f Field) string { return describe(f) }
