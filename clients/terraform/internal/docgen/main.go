// Command docgen writes the provider's documentation in the tfplugindocs layout (docs/index.md,
// docs/resources/*.md, docs/data-sources/*.md) from the same field descriptions the schemas are
// built from, with the examples under examples/. Run: `go run ./internal/docgen` in clients/terraform.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/provider"
)

func main() {
	for _, dir := range []string{"docs/resources", "docs/data-sources"} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			panic(err)
		}
	}
	for path, text := range render(".") {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			panic(err)
		}
	}
}

// root is the module's folder (examples are read from it); the keys are paths relative to it.
var root = "."

// render is every documentation page by its path.
func render(moduleDir string) map[string]string {
	root = moduleDir
	out := map[string]string{"docs/index.md": index()}
	for _, k := range provider.Kinds() {
		out[filepath.Join("docs/resources", k.Name+".md")] = resourceDoc(k)
		if k.List != nil {
			out[filepath.Join("docs/data-sources", k.ListName+".md")] = dataSourceDoc(k)
		}
	}
	return out
}

func example(path string) string {
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		return ""
	}
	return "## Example Usage\n\n```terraform\n" + strings.TrimSpace(string(b)) + "\n```\n\n"
}

func index() string {
	return `---
page_title: "clusterinfra Provider"
description: |-
  Manages an organization's clusters and inventory through the cluster infrastructure API.
---

# clusterinfra Provider

Manages an organization's clusters and inventory through the cluster infrastructure API
(` + "`/api/v1`" + `). Every setting can come from the environment instead of the configuration.

` + example("examples/provider/provider.tf") + `## Schema

### Optional

- ` + "`base_url`" + ` (String) The API's address, e.g. ` + "`http://localhost:8080`" + `. Env: ` + "`CLUSTERINFRA_BASE_URL`" + `.
- ` + "`token`" + ` (String, Sensitive) A bearer access token. Env: ` + "`CLUSTERINFRA_TOKEN`" + `. Organization members and keys need it.
- ` + "`api_key`" + ` (String, Sensitive) A user API key. Env: ` + "`CLUSTERINFRA_API_KEY`" + `.
- ` + "`org_key`" + ` (String, Sensitive) An organization key, with ` + "`org_secret`" + `. Env: ` + "`CLUSTERINFRA_ORG_KEY`" + `.
- ` + "`org_secret`" + ` (String, Sensitive) The organization key's secret. Env: ` + "`CLUSTERINFRA_ORG_SECRET`" + `.
- ` + "`organization_id`" + ` (String) The organization every resource belongs to. Env: ` + "`CLUSTERINFRA_ORG_ID`" + `.
`
}

func typeName(f provider.Field) string {
	switch f.Type {
	case provider.Int:
		return "Number"
	case provider.Bool:
		return "Boolean"
	case provider.StringList:
		return "List of String"
	case provider.StringMap:
		return "Map of String"
	}
	return "String"
}

func line(f provider.Field, desc string) string {
	tags := typeName(f)
	if f.Sensitive {
		tags += ", Sensitive"
	}
	if f.WriteOnly {
		tags += ", Write-only"
	}
	return fmt.Sprintf("- `%s` (%s) %s\n", f.Name, tags, desc)
}

func resourceDoc(k provider.Kind) string {
	name := "clusterinfra_" + k.Name
	var req, opt, ro strings.Builder
	for _, f := range k.Fields {
		d := provider.DescribeField(f)
		switch f.Mode {
		case provider.Required:
			req.WriteString(line(f, d))
		case provider.Computed:
			ro.WriteString(line(f, d))
		default:
			opt.WriteString(line(f, d))
		}
	}
	ro.WriteString("- `id` (String) The resource's id.\n")
	out := fmt.Sprintf("---\npage_title: %q\nsubcategory: \"\"\ndescription: |-\n  %s\n---\n\n# %s (Resource)\n\n%s\n\n", name+" Resource - clusterinfra", k.Description, name, k.Description)
	out += example(filepath.Join("examples/resources", name, "resource.tf"))
	out += "## Schema\n\n"
	if req.Len() > 0 {
		out += "### Required\n\n" + req.String() + "\n"
	}
	if opt.Len() > 0 {
		out += "### Optional\n\n" + opt.String() + "\n"
	}
	out += "### Read-Only\n\n" + ro.String() + "\n## Import\n\nImport is supported using the following syntax:\n\n```shell\n" + importCommands(k.Name) + "\n```\n"
	return out
}

// importCommands: examples/resources/<name>/import.sh when there is one (as tfplugindocs does),
// otherwise the one command with the kind's import id.
func importCommands(kind string) string {
	if b, err := os.ReadFile(filepath.Join(root, "examples/resources/clusterinfra_"+kind, "import.sh")); err == nil {
		return strings.TrimSpace(string(b))
	}
	return "terraform import clusterinfra_" + kind + ".example " + importID(kind)
}

func importID(kind string) string {
	switch {
	case kind == "record_set":
		return "<id>"
	case kind == "cluster_metadata":
		return "<cluster_id>/<id>"
	case kind == "org_member":
		return "<user_id>"
	case kind == "cluster_node_pool":
		return "<cluster_id>/<node_pool_id>"
	case strings.HasPrefix(kind, "cluster_"):
		return "<cluster_id>"
	case strings.HasPrefix(kind, "node_pool_"):
		return "<node_pool_id>/<" + strings.TrimPrefix(kind, "node_pool_") + "_id>"
	}
	return "<id>"
}

func dataSourceDoc(k provider.Kind) string {
	name := "clusterinfra_" + k.ListName
	var filters strings.Builder
	for _, f := range k.ListFilters {
		filters.WriteString(line(f, provider.DescribeField(f)))
	}
	var items strings.Builder
	items.WriteString("- `id` (String)\n")
	for _, f := range k.Fields {
		if !f.WriteOnly && !f.InputOnly && !f.NoSend {
			items.WriteString(line(f, f.Description))
		}
	}
	out := fmt.Sprintf("---\npage_title: %q\nsubcategory: \"\"\ndescription: |-\n  Lists the organization's %s.\n---\n\n# %s (Data Source)\n\nLists the organization's %s (the API's list route, at most 1000 items).\n\n", name+" Data Source - clusterinfra", k.ListName, name, k.ListName)
	out += example(filepath.Join("examples/data-sources", name, "data-source.tf"))
	out += "## Schema\n\n"
	if filters.Len() > 0 {
		out += "### Filters\n\n" + filters.String() + "\n"
	}
	out += "### Read-Only\n\n- `items` (List of Object) The matching items, each with:\n\n" + items.String()
	return out
}
