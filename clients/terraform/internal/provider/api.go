package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/apiclient"
)

// API is the generated client with the provider's credentials and organization.
type API struct {
	C     *apiclient.Client
	OrgID string
}

// Settings are the provider's resolved settings (configuration first, then environment).
type Settings struct {
	BaseURL, Token, APIKey, OrgKey, OrgSecret, OrgID string
}

// NewAPI builds the generated client: every request carries the credentials and X-Org-ID.
func NewAPI(s Settings) (*API, error) {
	// the document's paths carry the /api/v1 prefix: the server is the bare address
	base := strings.TrimSuffix(strings.TrimRight(s.BaseURL, "/"), "/api/v1")
	editor := func(_ context.Context, req *http.Request) error {
		switch {
		case s.Token != "":
			req.Header.Set("Authorization", "Bearer "+s.Token)
		case s.APIKey != "":
			req.Header.Set("X-API-KEY", s.APIKey)
		case s.OrgKey != "":
			req.Header.Set("X-ORG-KEY", s.OrgKey)
			req.Header.Set("X-ORG-SECRET", s.OrgSecret)
		}
		if s.OrgID != "" && req.Header.Get("X-Org-ID") == "" {
			req.Header.Set("X-Org-ID", s.OrgID)
		}
		req.Header.Set("User-Agent", "terraform-provider-clusterinfra")
		return nil
	}
	doer := retryingDoer{next: &http.Client{Timeout: 2 * time.Minute}, waits: []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}}
	c, err := apiclient.NewClient(base, apiclient.WithRequestEditorFn(editor), apiclient.WithHTTPClient(doer))
	if err != nil {
		return nil, err
	}
	return &API{C: c, OrgID: s.OrgID}, nil
}

// ErrNotFound is a 404 answer: the resource is gone (or belongs to another organization).
var ErrNotFound = errors.New("not found")

// APIError is any other answer outside 2xx, with the body the API gave.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string { return fmt.Sprintf("API answered %d: %s", e.Status, e.Body) }

// Decode reads a generated client call's answer: JSON on 2xx (nil on 204), ErrNotFound on 404.
func Decode(resp *http.Response, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNotFound {
		return nil, ErrNotFound
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &APIError{Status: resp.StatusCode, Body: strings.TrimSpace(string(body))}
	}
	if len(body) == 0 {
		return nil, nil
	}
	var out any
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, fmt.Errorf("API answered %d with a body that is not JSON: %w", resp.StatusCode, err)
	}
	return out, nil
}

// Object is Decode for answers that are one JSON object.
func Object(resp *http.Response, err error) (map[string]any, error) {
	v, err := Decode(resp, err)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("API answered %T where an object was expected", v)
	}
	return m, nil
}

// Objects is Decode for answers that are a JSON array of objects.
func Objects(resp *http.Response, err error) ([]map[string]any, error) {
	v, err := Decode(resp, err)
	if err != nil {
		return nil, err
	}
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("API answered %T where an array was expected", v)
	}
	out := make([]map[string]any, 0, len(arr))
	for _, item := range arr {
		if m, ok := item.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// Gone is Decode for deletes: a 404 means already deleted.
func Gone(resp *http.Response, err error) error {
	_, err = Decode(resp, err)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// UUID parses an id; the API's ids are UUIDs and the generated client takes them typed.
func UUID(id string) (uuid.UUID, error) {
	u, err := uuid.Parse(id)
	if err != nil {
		return uuid.Nil, fmt.Errorf("%q is not an id (a UUID)", id)
	}
	return u, nil
}

// JSONBody encodes a request body for the generated `...WithBody` calls.
func JSONBody(body map[string]any) io.Reader {
	b, _ := json.Marshal(body)
	return strings.NewReader(string(b))
}

const jsonType = "application/json"

// FindByID picks the object with that id from a list answer (ErrNotFound when absent).
func FindByID(items []map[string]any, err error, key, id string) (map[string]any, error) {
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		if s, _ := it[key].(string); s == id {
			return it, nil
		}
	}
	return nil, ErrNotFound
}

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }
