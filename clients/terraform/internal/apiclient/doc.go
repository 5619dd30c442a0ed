// Package apiclient is the provider's HTTP client, generated from the served OpenAPI document.
package apiclient

//go:generate go tool oapi-codegen -config oapi-codegen.yaml ../../openapi.json
