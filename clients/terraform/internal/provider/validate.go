package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// contractValidator checks a field's enum, length and range at plan time, as the API would.
type contractValidator struct{ f Field }

func (v contractValidator) Description(context.Context) string         { return v.describe() }
func (v contractValidator) MarkdownDescription(context.Context) string { return v.describe() }

func (v contractValidator) describe() string {
	var parts []string
	if v.f.IsID {
		parts = append(parts, "a UUID")
	}
	if len(v.f.Enum) > 0 {
		parts = append(parts, "one of `"+strings.Join(v.f.Enum, "`, `")+"`")
	}
	if len(v.f.IntEnum) > 0 {
		parts = append(parts, fmt.Sprintf("one of %v", v.f.IntEnum))
	}
	if v.f.MinLen > 0 {
		parts = append(parts, fmt.Sprintf("at least %d characters", v.f.MinLen))
	}
	if v.f.MaxLen > 0 {
		parts = append(parts, fmt.Sprintf("at most %d characters", v.f.MaxLen))
	}
	if v.f.Min != nil {
		parts = append(parts, fmt.Sprintf("at least %d", *v.f.Min))
	}
	if v.f.Max != nil {
		parts = append(parts, fmt.Sprintf("at most %d", *v.f.Max))
	}
	if v.f.Lower {
		parts = append(parts, "lower case")
	}
	if v.f.Trimmed {
		parts = append(parts, "no leading or trailing whitespace")
	}
	if v.f.Pattern != nil {
		parts = append(parts, v.f.PatternHint)
	}
	return strings.Join(parts, ", ")
}

// problem is what is wrong with a value ("" when it is valid).
func (v contractValidator) problem(val any) string {
	switch x := val.(type) {
	case string:
		n := utf8.RuneCountInString(x)
		if v.f.IsID {
			if _, err := uuid.Parse(x); err != nil {
				return fmt.Sprintf("must be an id (a UUID), got %q", x)
			}
		}
		if len(v.f.Enum) > 0 && !slices.Contains(v.f.Enum, x) {
			return fmt.Sprintf("must be one of %q, got %q", v.f.Enum, x)
		}
		if v.f.MinLen > 0 && n < v.f.MinLen {
			return fmt.Sprintf("must be at least %d characters long", v.f.MinLen)
		}
		if v.f.MaxLen > 0 && n > v.f.MaxLen {
			return fmt.Sprintf("must be at most %d characters long, got %d", v.f.MaxLen, n)
		}
		if v.f.Lower && strings.ToLower(x) != x {
			return fmt.Sprintf("must be lower case (the API lower-cases it), got %q", x)
		}
		if v.f.Trimmed && edgeSpace.MatchString(x) {
			return fmt.Sprintf("must not start or end with whitespace (the API trims it), got %q", x)
		}
		if v.f.Pattern != nil && !v.f.Pattern.MatchString(x) {
			return fmt.Sprintf("must have %s, got %q", v.f.PatternHint, x)
		}
	case int64:
		if len(v.f.IntEnum) > 0 && !slices.Contains(v.f.IntEnum, x) {
			return fmt.Sprintf("must be one of %v, got %d", v.f.IntEnum, x)
		}
		if v.f.Min != nil && x < *v.f.Min {
			return fmt.Sprintf("must be at least %d, got %d", *v.f.Min, x)
		}
		if v.f.Max != nil && x > *v.f.Max {
			return fmt.Sprintf("must be at most %d, got %d", *v.f.Max, x)
		}
	case []any:
		for _, item := range x {
			if p := v.problem(item); p != "" {
				return "each item " + p
			}
		}
	}
	return ""
}

func (v contractValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if p := v.problem(req.ConfigValue.ValueString()); p != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid "+v.f.Name, v.f.Name+" "+p)
	}
}

func (v contractValidator) ValidateInt64(_ context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if p := v.problem(req.ConfigValue.ValueInt64()); p != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid "+v.f.Name, v.f.Name+" "+p)
	}
}

func (v contractValidator) ValidateList(_ context.Context, req validator.ListRequest, resp *validator.ListResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	items := []any{}
	for _, e := range req.ConfigValue.Elements() {
		if s, ok := e.(interface{ ValueString() string }); ok {
			items = append(items, s.ValueString())
		}
	}
	if p := v.problem(items); p != "" {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid "+v.f.Name, v.f.Name+" "+p)
	}
}

func (f Field) validated() bool {
	return f.IsID || len(f.Enum) > 0 || len(f.IntEnum) > 0 || f.MinLen > 0 || f.MaxLen > 0 || f.Min != nil || f.Max != nil ||
		f.Lower || f.Trimmed || f.Pattern != nil
}

// jsSpace is the whitespace of the API's contracts (JavaScript's `\s` and `trim()`), as the body of
// a character class: tab, line feed, vertical tab, form feed, carriage return, the line and
// paragraph separators, the byte order mark and every space separator (Zs).
const jsSpace = `\t\n\v\f\r\x{2028}\x{2029}\x{feff}\p{Zs}`

// edgeSpace matches a value that trim() would change.
var edgeSpace = regexp.MustCompile(`^[` + jsSpace + `]|[` + jsSpace + `]$`)
