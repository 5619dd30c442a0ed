package provider

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/apiclient"
)

// The generated client's calls, by shape. P is each route's own params type: the provider passes
// none (the client's request editor sets the credentials and X-Org-ID on every request).
type (
	bodyRoute[P any]   func(*apiclient.Client, context.Context, *P, string, io.Reader, ...apiclient.RequestEditorFn) (*http.Response, error)
	idRoute[P any]     func(*apiclient.Client, context.Context, uuid.UUID, *P, ...apiclient.RequestEditorFn) (*http.Response, error)
	idBodyRoute[P any] func(*apiclient.Client, context.Context, uuid.UUID, *P, string, io.Reader, ...apiclient.RequestEditorFn) (*http.Response, error)
	listRoute[P any]   func(*apiclient.Client, context.Context, *P, ...apiclient.RequestEditorFn) (*http.Response, error)
	idsRoute[P any]    func(*apiclient.Client, context.Context, uuid.UUID, uuid.UUID, *P, ...apiclient.RequestEditorFn) (*http.Response, error)
)

func createVia[P any](fn bodyRoute[P]) func(context.Context, Call, map[string]any) (map[string]any, error) {
	return func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
		return Object(fn(c.API.C, ctx, nil, jsonType, JSONBody(body)))
	}
}

func readVia[P any](fn idRoute[P]) func(context.Context, Call, string) (map[string]any, error) {
	return func(ctx context.Context, c Call, id string) (map[string]any, error) {
		u, err := UUID(id)
		if err != nil {
			return nil, err
		}
		return Object(fn(c.API.C, ctx, u, nil))
	}
}

func updateVia[P any](fn idBodyRoute[P]) func(context.Context, Call, string, map[string]any) (map[string]any, error) {
	return func(ctx context.Context, c Call, id string, body map[string]any) (map[string]any, error) {
		u, err := UUID(id)
		if err != nil {
			return nil, err
		}
		return Object(fn(c.API.C, ctx, u, nil, jsonType, JSONBody(body)))
	}
}

func deleteVia[P any](fn idRoute[P]) func(context.Context, Call, string) error {
	return func(ctx context.Context, c Call, id string) error {
		u, err := UUID(id)
		if err != nil {
			return err
		}
		return Gone(fn(c.API.C, ctx, u, nil))
	}
}

func listVia[P any](fn listRoute[P]) func(context.Context, Call, map[string]any) ([]map[string]any, error) {
	return func(ctx context.Context, c Call, filters map[string]any) ([]map[string]any, error) {
		return Objects(fn(c.API.C, ctx, nil, query(filters)))
	}
}

// query sets the list's filters (and the largest page) on the request the generated client built.
func query(filters map[string]any) apiclient.RequestEditorFn {
	return func(_ context.Context, req *http.Request) error {
		q := req.URL.Query()
		if q.Get("limit") == "" {
			q.Set("limit", "1000")
		}
		for k, v := range filters {
			q.Set(k, strings.TrimSpace(anyString(v)))
		}
		req.URL.RawQuery = q.Encode()
		return nil
	}
}

func anyString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case int64:
		return strconv.FormatInt(x, 10)
	}
	return ""
}

func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}
