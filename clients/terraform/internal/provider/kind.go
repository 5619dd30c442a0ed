package provider

import (
	"context"
	"regexp"
)

// FieldType is the Terraform type of an attribute.
type FieldType int

const (
	String FieldType = iota
	Int
	Bool
	StringList
	StringMap
)

// Mode says who sets an attribute.
type Mode int

const (
	Required         Mode = iota // set by the configuration
	Optional                     // may be set by the configuration; null otherwise
	OptionalComputed             // may be set; the API's value otherwise
	Computed                     // set by the API only
)

// Field is one attribute of a resource, described once: the schema, the plan-time validation,
// the request body and the state are all derived from it.
type Field struct {
	Name string
	// JSON is the key in requests and answers (defaults to Name).
	JSON        string
	Type        FieldType
	Mode        Mode
	Description string
	// ForceNew: a change replaces the resource (the API cannot update it in place).
	ForceNew bool
	// Sensitive values are redacted in plans and output.
	Sensitive bool
	// WriteOnly values are sent to the API and never stored in the state (Terraform 1.11+).
	WriteOnly bool
	// InputOnly values are sent but not returned by the API: the state keeps what was configured.
	InputOnly bool
	// NoSend values are not sent in the request body (the kind's functions use them).
	NoSend bool
	// Stable: a computed value that never changes after create (kept from the state in plans).
	Stable bool
	// From derives the value from the answer (for nested objects); JSON is ignored then.
	From func(answer map[string]any) any

	// Plan-time validation, mirroring the contract. IsID: a UUID.
	IsID           bool
	Enum           []string
	IntEnum        []int64
	MinLen, MaxLen int
	Min, Max       *int64
	// Lower: the API lower-cases the value, so it must be lower case already (another case would
	// come back different from the configuration: "inconsistent result after apply").
	Lower bool
	// Trimmed: the API trims the value, so it must not start or end with whitespace (same reason).
	Trimmed bool
	// Pattern: the value must match it; PatternHint says what it means (for messages and docs).
	Pattern     *regexp.Regexp
	PatternHint string
}

func (f Field) key() string {
	if f.JSON != "" {
		return f.JSON
	}
	return f.Name
}

func (f Field) input() bool { return f.Mode != Computed && !f.NoSend }

// Values are an object's attributes as plain Go values: string, int64, bool, []any, map[string]any;
// nil for null; Unknown for values not known yet.
type Values map[string]any

type unknownValue struct{}

// Unknown marks a value Terraform does not know yet (a computed value during a plan).
var Unknown = unknownValue{}

// Call is the context a kind's functions get: the API and the values planned, configured and stored.
type Call struct {
	API *API
	// Plan holds the planned values (Create, Update), the stored ones (Read, Delete).
	Plan Values
	// Prior holds the stored values before an Update (nil otherwise).
	Prior Values
}

// Kind is one resource type and its data source: its fields and the API calls behind them.
type Kind struct {
	// Name is the type without the provider prefix (clusterinfra_<Name>).
	Name        string
	Description string
	Fields      []Field
	Create      func(ctx context.Context, c Call, body map[string]any) (map[string]any, error)
	// Read answers ErrNotFound when the resource is gone.
	Read func(ctx context.Context, c Call, id string) (map[string]any, error)
	// Update is nil when every input forces a replacement.
	Update func(ctx context.Context, c Call, id string, body map[string]any) (map[string]any, error)
	Delete func(ctx context.Context, c Call, id string) error
	// ID derives the resource id from the answer (defaults to its "id").
	ID func(answer map[string]any, c Call) string
	// ImportID turns the id given to `terraform import` into values for Read (defaults to {id}).
	ImportID func(id string) (Values, error)

	// The list data source (none when List is nil): its filters and the call.
	ListName    string
	ListFilters []Field
	List        func(ctx context.Context, c Call, filters map[string]any) ([]map[string]any, error)
}

func ptr(v int64) *int64 { return &v }
