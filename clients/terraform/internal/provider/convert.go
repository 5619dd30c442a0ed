package provider

import (
	"fmt"
	"math/big"
	"reflect"
	"sort"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// valuesOf turns a Terraform object (plan, configuration or state) into plain Go values.
func valuesOf(v tftypes.Value) (Values, error) {
	if v.IsNull() || !v.IsKnown() {
		return Values{}, nil
	}
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		return nil, err
	}
	out := Values{}
	for name, a := range attrs {
		g, err := goValue(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = g
	}
	return out, nil
}

func goValue(v tftypes.Value) (any, error) {
	if !v.IsKnown() {
		return Unknown, nil
	}
	if v.IsNull() {
		return nil, nil
	}
	t := v.Type()
	switch {
	case t.Is(tftypes.String):
		var s string
		err := v.As(&s)
		return s, err
	case t.Is(tftypes.Bool):
		var b bool
		err := v.As(&b)
		return b, err
	case t.Is(tftypes.Number):
		var f big.Float
		if err := v.As(&f); err != nil {
			return nil, err
		}
		i, _ := f.Int64()
		return i, nil
	case t.Is(tftypes.List{}), t.Is(tftypes.Set{}):
		var items []tftypes.Value
		if err := v.As(&items); err != nil {
			return nil, err
		}
		out := make([]any, 0, len(items))
		for _, it := range items {
			g, err := goValue(it)
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		return out, nil
	case t.Is(tftypes.Map{}), t.Is(tftypes.Object{}):
		var items map[string]tftypes.Value
		if err := v.As(&items); err != nil {
			return nil, err
		}
		out := map[string]any{}
		for k, it := range items {
			g, err := goValue(it)
			if err != nil {
				return nil, err
			}
			out[k] = g
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported type %s", t)
}

// tfValue turns a plain Go value (from JSON or from Values) into a Terraform value of type t.
func tfValue(t tftypes.Type, v any) (tftypes.Value, error) {
	if v == nil || v == Unknown {
		if v == Unknown {
			return tftypes.NewValue(t, tftypes.UnknownValue), nil
		}
		return tftypes.NewValue(t, nil), nil
	}
	switch {
	case t.Is(tftypes.String):
		switch x := v.(type) {
		case string:
			return tftypes.NewValue(t, x), nil
		case float64, int64, bool:
			return tftypes.NewValue(t, fmt.Sprint(x)), nil
		}
	case t.Is(tftypes.Bool):
		if b, ok := v.(bool); ok {
			return tftypes.NewValue(t, b), nil
		}
	case t.Is(tftypes.Number):
		switch x := v.(type) {
		case float64:
			return tftypes.NewValue(t, big.NewFloat(x)), nil
		case int64:
			return tftypes.NewValue(t, new(big.Float).SetInt64(x)), nil
		case int:
			return tftypes.NewValue(t, new(big.Float).SetInt64(int64(x))), nil
		}
	case t.Is(tftypes.List{}):
		elem := t.(tftypes.List).ElementType
		if arr, ok := v.([]any); ok {
			items := make([]tftypes.Value, 0, len(arr))
			for _, a := range arr {
				tv, err := tfValue(elem, a)
				if err != nil {
					return tftypes.Value{}, err
				}
				items = append(items, tv)
			}
			return tftypes.NewValue(t, items), nil
		}
	case t.Is(tftypes.Map{}):
		elem := t.(tftypes.Map).ElementType
		if m, ok := v.(map[string]any); ok {
			items := map[string]tftypes.Value{}
			for k, a := range m {
				tv, err := tfValue(elem, a)
				if err != nil {
					return tftypes.Value{}, err
				}
				items[k] = tv
			}
			return tftypes.NewValue(t, items), nil
		}
	case t.Is(tftypes.Object{}):
		ot := t.(tftypes.Object)
		m, _ := v.(map[string]any)
		if m == nil {
			if vals, ok := v.(Values); ok {
				m = vals
			}
		}
		if m != nil {
			items := map[string]tftypes.Value{}
			for name, at := range ot.AttributeTypes {
				tv, err := tfValue(at, m[name])
				if err != nil {
					return tftypes.Value{}, fmt.Errorf("%s: %w", name, err)
				}
				items[name] = tv
			}
			return tftypes.NewValue(t, items), nil
		}
	}
	return tftypes.Value{}, fmt.Errorf("cannot store %T as %s", v, t)
}

// jsonValue turns an answer's value into the field's Go form (numbers as int64, maps of strings).
func jsonValue(f Field, v any) any {
	switch f.Type {
	case Int:
		if x, ok := v.(float64); ok {
			return int64(x)
		}
	case StringMap:
		if m, ok := v.(map[string]any); ok {
			out := map[string]any{}
			for k, x := range m {
				if s, ok := x.(string); ok {
					out[k] = s
				} else {
					out[k] = fmt.Sprint(x)
				}
			}
			return out
		}
	case StringList:
		if arr, ok := v.([]any); ok {
			return arr
		}
	}
	return v
}

func isZero(v any) bool {
	if v == nil {
		return true
	}
	switch x := v.(type) {
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

func zeroOf(t FieldType) any {
	switch t {
	case String:
		return ""
	case StringList:
		return []any{}
	case StringMap:
		return map[string]any{}
	}
	return nil
}

func equalValues(a, b any) bool { return reflect.DeepEqual(a, b) }

// stringsOf is a list value's strings, sorted (for set-like comparisons).
func stringsOf(v any) []string {
	arr, _ := v.([]any)
	out := make([]string, 0, len(arr))
	for _, a := range arr {
		if s, ok := a.(string); ok {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
