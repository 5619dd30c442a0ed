#!/usr/bin/env bash
# `npm run client:check:go`: regenerates the Terraform provider's Go client (oapi-codegen) from
# clients/terraform/openapi.json (kept equal to the served document by `npm run client:check`)
# into a temporary file and fails when it differs from the committed internal/apiclient/client.gen.go.
set -euo pipefail
cd "$(dirname "$0")/../clients/terraform/internal/apiclient"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
sed "s|^output: .*|output: $tmp/client.gen.go|" oapi-codegen.yaml >"$tmp/oapi-codegen.yaml"
go tool oapi-codegen -config "$tmp/oapi-codegen.yaml" ../../openapi.json
if ! cmp -s "$tmp/client.gen.go" client.gen.go; then
  echo "the Go client drifted from clients/terraform/openapi.json (run \`npm run client:generate:go\`):" >&2
  diff -u client.gen.go "$tmp/client.gen.go" | head -40 >&2 || true
  exit 1
fi
echo "Go client matches clients/terraform/openapi.json"
