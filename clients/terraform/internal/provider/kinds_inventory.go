package provider

import (
	"context"
	"strings"

	"github.com/cluster-infra-api/terraform-provider-clusterinfra/internal/apiclient"
)

type client = apiclient.Client

var createdAt = Field{Name: "created_at", Mode: Computed, Stable: true, Description: "When it was created (RFC 3339)."}

// tagFields: labels, annotations and taints share key and value.
func tagFields(extra ...Field) []Field {
	return append([]Field{
		{Name: "key", Mode: Required, MinLen: 1, MaxLen: 317, Description: "The key."},
		{Name: "value", Mode: Required, MaxLen: 255, Description: "The value."},
	}, append(extra, createdAt)...)
}

var tagFilters = []Field{
	{Name: "key", Mode: Optional, Description: "Only this key (exact)."},
	{Name: "value", Mode: Optional, Description: "Only this value (exact)."},
	{Name: "q", Mode: Optional, Description: "Keys containing this text (case-insensitive)."},
}

var (
	serverRoles    = []string{"master", "worker", "bastion"}
	serverStatuses = []string{"pending", "provisioning", "ready", "failed"}
	poolRoles      = []string{"master", "worker"}
)

func inventoryKinds() []Kind {
	return []Kind{
		{
			Name: "label", Description: "A node label of the organization (key and value).", Fields: tagFields(),
			Create: createVia((*client).PostLabelsWithBody), Read: readVia((*client).GetLabelsId),
			Update: updateVia((*client).PatchLabelsIdWithBody), Delete: deleteVia((*client).DeleteLabelsId),
			ListName: "labels", ListFilters: tagFilters, List: listVia((*client).GetLabels),
		},
		{
			Name: "annotation", Description: "A node annotation of the organization (key and value).", Fields: tagFields(),
			Create: createVia((*client).PostAnnotationsWithBody), Read: readVia((*client).GetAnnotationsId),
			Update: updateVia((*client).PatchAnnotationsIdWithBody), Delete: deleteVia((*client).DeleteAnnotationsId),
			ListName: "annotations", ListFilters: tagFilters, List: listVia((*client).GetAnnotations),
		},
		{
			Name: "taint", Description: "A node taint of the organization (key, value and effect).",
			Fields: tagFields(Field{Name: "effect", Mode: Required, Enum: []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}, Description: "The taint's effect."}),
			Create: createVia((*client).PostTaintsWithBody), Read: readVia((*client).GetTaintsId),
			Update: updateVia((*client).PatchTaintsIdWithBody), Delete: deleteVia((*client).DeleteTaintsId),
			ListName: "taints", ListFilters: tagFilters, List: listVia((*client).GetTaints),
		},
		{
			Name: "server", Description: "A server of the organization's inventory.",
			Fields: []Field{
				{Name: "hostname", Mode: Optional, Description: "The host name."},
				{Name: "private_ip_address", Mode: Required, Description: "The private IP address."},
				{Name: "public_ip_address", Mode: Optional, Description: "The public IP address."},
				{Name: "role", Mode: Required, Enum: serverRoles, Description: "The server's role."},
				{Name: "ssh_key_id", Mode: Required, IsID: true, Description: "The SSH key (of the same organization) to reach it with."},
				{Name: "ssh_user", Mode: Required, MinLen: 1, MaxLen: 64, Description: "The SSH user."},
				{Name: "status", Mode: OptionalComputed, Enum: serverStatuses, Description: "The server's status (`pending` when left out)."},
				createdAt,
			},
			Create: createVia((*client).PostServersWithBody), Read: readVia((*client).GetServersId),
			Update: updateVia((*client).PatchServersIdWithBody), Delete: deleteVia((*client).DeleteServersId),
			ListName: "servers", List: listVia((*client).GetServers),
			ListFilters: []Field{
				{Name: "status", Mode: Optional, Enum: serverStatuses, Description: "Only servers with this status."},
				{Name: "role", Mode: Optional, Enum: serverRoles, Description: "Only servers with this role."},
			},
		},
		sshKeyKind(),
		{
			Name: "load_balancer", Description: "A load balancer of the organization.",
			Fields: []Field{
				{Name: "name", Mode: Required, MinLen: 1, MaxLen: 255, Description: "The name."},
				{Name: "kind", Mode: Required, Enum: []string{"platform", "public"}, Description: "The kind of load balancer."},
				{Name: "private_ip_address", Mode: Optional, Description: "The private IP address."},
				{Name: "public_ip_address", Mode: Optional, Description: "The public IP address."},
				createdAt,
			},
			Create: createVia((*client).PostLoadBalancersWithBody), Read: readVia((*client).GetLoadBalancersId),
			Update: updateVia((*client).PatchLoadBalancersIdWithBody), Delete: deleteVia((*client).DeleteLoadBalancersId),
			ListName: "load_balancers", List: listVia((*client).GetLoadBalancers),
		},
		{
			Name: "node_pool", Description: "A node pool of the organization. Its servers, labels, annotations and taints are attached with the `clusterinfra_node_pool_*` resources.",
			Fields: []Field{
				{Name: "name", Mode: Required, MinLen: 1, MaxLen: 255, Description: "The name."},
				{Name: "role", Mode: Required, Enum: poolRoles, Description: "The role of the pool's nodes."},
				{Name: "server_ids", Type: StringList, Mode: Computed, From: idsOf("servers"), Description: "The attached servers."},
				{Name: "label_ids", Type: StringList, Mode: Computed, From: idsOf("labels"), Description: "The attached labels."},
				{Name: "annotation_ids", Type: StringList, Mode: Computed, From: idsOf("annotations"), Description: "The attached annotations."},
				{Name: "taint_ids", Type: StringList, Mode: Computed, From: idsOf("taints"), Description: "The attached taints."},
				createdAt,
			},
			Create: createVia((*client).PostNodePoolsWithBody), Read: readVia((*client).GetNodePoolsId),
			Update: updateVia((*client).PatchNodePoolsIdWithBody), Delete: deleteVia((*client).DeleteNodePoolsId),
			ListName: "node_pools", List: listVia((*client).GetNodePools),
			ListFilters: []Field{{Name: "q", Mode: Optional, Description: "Names containing this text (case-insensitive)."}},
		},
		nodePoolAttachment("server", "server_ids", (*client).PostNodePoolsIdServersWithBody, (*client).GetNodePoolsIdServers, (*client).DeleteNodePoolsIdServersChildId),
		nodePoolAttachment("label", "label_ids", (*client).PostNodePoolsIdLabelsWithBody, (*client).GetNodePoolsIdLabels, (*client).DeleteNodePoolsIdLabelsChildId),
		nodePoolAttachment("annotation", "annotation_ids", (*client).PostNodePoolsIdAnnotationsWithBody, (*client).GetNodePoolsIdAnnotations, (*client).DeleteNodePoolsIdAnnotationsChildId),
		nodePoolAttachment("taint", "taint_ids", (*client).PostNodePoolsIdTaintsWithBody, (*client).GetNodePoolsIdTaints, (*client).DeleteNodePoolsIdTaintsChildId),
	}
}

// idsOf lists the ids of an answer's nested array of objects.
func idsOf(key string) func(map[string]any) any {
	return func(answer map[string]any) any {
		items, _ := answer[key].([]any)
		out := []any{}
		for _, it := range items {
			if m, ok := it.(map[string]any); ok {
				out = append(out, str(m, "id"))
			}
		}
		return out
	}
}

// nestedID is the id of an answer's nested object ("" when none).
func nestedID(key string) func(map[string]any) any {
	return func(answer map[string]any) any {
		m, _ := answer[key].(map[string]any)
		return str(m, "id")
	}
}

// splitID parses the "<a>/<b>" ids of attachments.
func splitID(id, a, b string) (Values, error) {
	parts := strings.Split(id, "/")
	if len(parts) != 2 || parts[0] == "" || parts[1] == "" {
		return nil, errorf("expected <%s>/<%s>, got %q", a, b, id)
	}
	return Values{"id": id, a: parts[0], b: parts[1]}, nil
}

// nodePoolAttachment: one server, label, annotation or taint attached to a node pool.
func nodePoolAttachment[P1, P2, P3 any](child, bodyKey string, post idBodyRoute[P1], list idRoute[P2], del idsRoute[P3]) Kind {
	childField := child + "_id"
	return Kind{
		Name:        "node_pool_" + child,
		Description: "Attaches one " + child + " to a node pool (id `<node_pool_id>/<" + childField + ">`).",
		Fields: []Field{
			{Name: "node_pool_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The node pool."},
			{Name: childField, Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The " + child + " to attach."},
		},
		ID: func(_ map[string]any, c Call) string {
			return str(c.Plan, "node_pool_id") + "/" + str(c.Plan, childField)
		},
		Create: func(ctx context.Context, c Call, _ map[string]any) (map[string]any, error) {
			pool, err := UUID(str(c.Plan, "node_pool_id"))
			if err != nil {
				return nil, err
			}
			body := map[string]any{bodyKey: []any{str(c.Plan, childField)}}
			if _, err := Decode(post(c.API.C, ctx, pool, nil, jsonType, JSONBody(body))); err != nil {
				return nil, err
			}
			return map[string]any{}, nil
		},
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			v, err := splitID(id, "node_pool_id", childField)
			if err != nil {
				return nil, err
			}
			pool, err := UUID(str(v, "node_pool_id"))
			if err != nil {
				return nil, err
			}
			items, err := Objects(list(c.API.C, ctx, pool, nil, query(nil)))
			if _, err := FindByID(items, err, "id", str(v, childField)); err != nil {
				return nil, err
			}
			c.Plan["node_pool_id"], c.Plan[childField] = v["node_pool_id"], v[childField]
			return map[string]any{}, nil
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			v, err := splitID(id, "node_pool_id", childField)
			if err != nil {
				return err
			}
			pool, err1 := UUID(str(v, "node_pool_id"))
			other, err2 := UUID(str(v, childField))
			if err1 != nil || err2 != nil {
				return errorf("invalid id %q", id)
			}
			return Gone(del(c.API.C, ctx, pool, other, nil))
		},
		ImportID: func(id string) (Values, error) { return splitID(id, "node_pool_id", childField) },
	}
}

// sshKeyKind: the API generates the pair; the private key is read back revealed (sensitive).
func sshKeyKind() Kind {
	reveal := func(ctx context.Context, c Call, id string) (map[string]any, error) {
		u, err := UUID(id)
		if err != nil {
			return nil, err
		}
		yes := apiclient.GetSshIdParamsReveal("true")
		return Object(c.API.C.GetSshId(ctx, u, &apiclient.GetSshIdParams{Reveal: &yes}))
	}
	return Kind{
		Name: "ssh_key", Description: "An SSH key pair generated and stored by the API; the private key is a sensitive attribute.",
		Fields: []Field{
			{Name: "name", Mode: Required, ForceNew: true, MinLen: 1, MaxLen: 255, Description: "The name."},
			{Name: "comment", Mode: Optional, ForceNew: true, InputOnly: true, MaxLen: 255, Description: "The public key's comment."},
			{Name: "type", Mode: Optional, ForceNew: true, InputOnly: true, Enum: []string{"rsa", "ed25519"}, Description: "The key type (`rsa` when left out)."},
			{Name: "bits", Type: Int, Mode: Optional, ForceNew: true, InputOnly: true, IntEnum: []int64{2048, 3072, 4096}, Description: "RSA key size (4096 when left out; ignored for ed25519)."},
			{Name: "public_key", Mode: Computed, Stable: true, Description: "The public key (OpenSSH format)."},
			{Name: "fingerprint", Mode: Computed, Stable: true, Description: "The public key's fingerprint."},
			{Name: "private_key", Mode: Computed, Stable: true, Sensitive: true, Description: "The private key (PEM)."},
			createdAt,
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			created, err := createVia((*client).PostSshWithBody)(ctx, c, body)
			if err != nil {
				return nil, err
			}
			return reveal(ctx, c, str(created, "id"))
		},
		Read:     reveal,
		Delete:   deleteVia((*client).DeleteSshId),
		ListName: "ssh_keys", List: listVia((*client).GetSsh),
	}
}
