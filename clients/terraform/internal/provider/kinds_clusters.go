package provider

import (
	"context"
	"regexp"
	"slices"

	"github.com/google/uuid"
)

func clusterKinds() []Kind {
	return []Kind{
		{
			Name: "cluster", Description: "A cluster. Its domain, record set, load balancers, bastion, node pools and kubeconfig are attached with the `clusterinfra_cluster_*` resources.",
			Fields: []Field{
				{Name: "name", Mode: Required, MinLen: 1, MaxLen: 255, Description: "The name."},
				{Name: "cluster_provider", JSON: "provider", Mode: Optional, MaxLen: 255, Description: "The cloud provider (the API's `provider`)."},
				{Name: "region", Mode: Optional, MaxLen: 255, Description: "The region."},
				{Name: "docker_image", Mode: Optional, MaxLen: 255, Description: "The image the cluster's tooling runs."},
				{Name: "docker_tag", Mode: Optional, MaxLen: 128, Description: "The image's tag."},
				{Name: "control_plane_fqdn", Mode: Computed, Description: "The control-plane record set's name within its domain (empty when none is attached)."},
				{Name: "status", Mode: Computed, Description: "The status, managed by the system (`pre_pending` at first)."},
				{Name: "captain_domain_id", Mode: Computed, From: nestedID("captain_domain"), Description: "The attached captain domain."},
				{Name: "control_plane_record_set_id", Mode: Computed, From: nestedID("control_plane_record_set"), Description: "The attached control-plane record set."},
				{Name: "apps_load_balancer_id", Mode: Computed, From: nestedID("apps_load_balancer"), Description: "The attached apps load balancer."},
				{Name: "platform_load_balancer_id", Mode: Computed, From: nestedID("glueops_load_balancer"), Description: "The attached platform load balancer."},
				{Name: "bastion_server_id", Mode: Computed, From: nestedID("bastion_server"), Description: "The attached bastion server."},
				{Name: "node_pool_ids", Type: StringList, Mode: Computed, From: idsOf("node_pools"), Description: "The attached node pools."},
				createdAt,
			},
			Create: createVia((*client).PostClustersWithBody), Read: readVia((*client).GetClustersClusterID),
			Update: updateVia((*client).PatchClustersClusterIDWithBody), Delete: deleteVia((*client).DeleteClustersClusterID),
			ListName: "clusters", List: listVia((*client).GetClusters),
			ListFilters: []Field{{Name: "q", Mode: Optional, Description: "Names containing this text (case-insensitive)."}},
		},
		clusterSlot("apps_load_balancer", "apps_load_balancer", "load_balancer_id", (*client).PostClustersClusterIDAppsLoadBalancerWithBody, (*client).DeleteClustersClusterIDAppsLoadBalancer),
		clusterSlot("platform_load_balancer", "glueops_load_balancer", "load_balancer_id", (*client).PostClustersClusterIDPlatformLoadBalancerWithBody, (*client).DeleteClustersClusterIDPlatformLoadBalancer),
		clusterSlot("bastion", "bastion_server", "server_id", (*client).PostClustersClusterIDBastionWithBody, (*client).DeleteClustersClusterIDBastion),
		clusterSlot("captain_domain", "captain_domain", "domain_id", (*client).PostClustersClusterIDCaptainDomainWithBody, (*client).DeleteClustersClusterIDCaptainDomain),
		clusterSlot("control_plane_record_set", "control_plane_record_set", "record_set_id", (*client).PostClustersClusterIDControlPlaneRecordSetWithBody, (*client).DeleteClustersClusterIDControlPlaneRecordSet),
		clusterNodePoolKind(),
		clusterKubeconfigKind(),
		clusterMetadataKind(),
	}
}

func readCluster(ctx context.Context, c Call, id string) (map[string]any, error) {
	return readVia((*client).GetClustersClusterID)(ctx, c, id)
}

// clusterSlot: the one object a cluster's slot holds (its id is the cluster's). Detaching it
// behind Terraform's back makes the resource disappear; attaching another changes target_field.
func clusterSlot[P1, P2 any](slot, answerKey, targetField string, attach idBodyRoute[P1], detach idRoute[P2]) Kind {
	put := func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
		cluster, err := UUID(str(c.Plan, "cluster_id"))
		if err != nil {
			return nil, err
		}
		return Object(attach(c.API.C, ctx, cluster, nil, jsonType, JSONBody(body)))
	}
	return Kind{
		Name:        "cluster_" + slot,
		Description: "Attaches the cluster's " + slot + " (the id is the cluster's id; import by cluster id).",
		Fields: []Field{
			{Name: "cluster_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The cluster."},
			{Name: targetField, Mode: Required, IsID: true, From: nestedID(answerKey), Description: "What to attach."},
		},
		Create: put,
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			answer, err := readCluster(ctx, c, id)
			if err != nil {
				return nil, err
			}
			if nestedID(answerKey)(answer) == "" {
				return nil, ErrNotFound
			}
			c.Plan["cluster_id"] = id
			return answer, nil
		},
		Update: func(ctx context.Context, c Call, _ string, body map[string]any) (map[string]any, error) {
			return put(ctx, c, map[string]any{targetField: str(c.Plan, targetField)})
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			cluster, err := UUID(id)
			if err != nil {
				return err
			}
			return Gone(detach(c.API.C, ctx, cluster, nil))
		},
		ImportID: func(id string) (Values, error) { return Values{"id": id, "cluster_id": id}, nil },
	}
}

func clusterNodePoolKind() Kind {
	return Kind{
		Name:        "cluster_node_pool",
		Description: "Attaches a node pool to a cluster (id `<cluster_id>/<node_pool_id>`).",
		Fields: []Field{
			{Name: "cluster_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The cluster."},
			{Name: "node_pool_id", Mode: Required, IsID: true, ForceNew: true, Description: "The node pool to attach."},
		},
		ID: func(_ map[string]any, c Call) string {
			return str(c.Plan, "cluster_id") + "/" + str(c.Plan, "node_pool_id")
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			cluster, err := UUID(str(c.Plan, "cluster_id"))
			if err != nil {
				return nil, err
			}
			if _, err := Object(c.API.C.PostClustersClusterIDNodePoolsWithBody(ctx, cluster, nil, jsonType, JSONBody(body))); err != nil {
				return nil, err
			}
			return map[string]any{"node_pool_id": str(c.Plan, "node_pool_id")}, nil
		},
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			v, err := splitID(id, "cluster_id", "node_pool_id")
			if err != nil {
				return nil, err
			}
			answer, err := readCluster(ctx, c, str(v, "cluster_id"))
			if err != nil {
				return nil, err
			}
			pools, _ := idsOf("node_pools")(answer).([]any)
			if !slices.Contains(pools, any(str(v, "node_pool_id"))) {
				return nil, ErrNotFound
			}
			c.Plan["cluster_id"] = v["cluster_id"]
			return map[string]any{"node_pool_id": v["node_pool_id"]}, nil
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			v, err := splitID(id, "cluster_id", "node_pool_id")
			if err != nil {
				return err
			}
			cluster, err1 := UUID(str(v, "cluster_id"))
			pool, err2 := UUID(str(v, "node_pool_id"))
			if err1 != nil || err2 != nil {
				return errorf("invalid id %q", id)
			}
			return Gone(c.API.C.DeleteClustersClusterIDNodePoolsNodePoolID(ctx, cluster, pool, nil))
		},
		ImportID: func(id string) (Values, error) { return splitID(id, "cluster_id", "node_pool_id") },
	}
}

// clusterKubeconfigKind: the kubeconfig is write-only (the API never returns it); bump
// kubeconfig_wo_version to send a new one.
func clusterKubeconfigKind() Kind {
	put := func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
		cluster, err := UUID(str(c.Plan, "cluster_id"))
		if err != nil {
			return nil, err
		}
		return Object(c.API.C.PostClustersClusterIDKubeconfigWithBody(ctx, cluster, nil, jsonType, JSONBody(body)))
	}
	return Kind{
		Name:        "cluster_kubeconfig",
		Description: "Stores a cluster's kubeconfig, encrypted by the API and never returned (id: the cluster's id).",
		Fields: []Field{
			{Name: "cluster_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The cluster."},
			{Name: "kubeconfig_wo", JSON: "kubeconfig", Mode: Required, WriteOnly: true, Sensitive: true, MaxLen: 524288, Description: "The kubeconfig (YAML); write-only, never stored in the state."},
			{Name: "kubeconfig_wo_version", Type: Int, Mode: Optional, NoSend: true, Description: "Change it to send `kubeconfig_wo` again."},
		},
		Create: put,
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			if _, err := readCluster(ctx, c, id); err != nil {
				return nil, err
			}
			c.Plan["cluster_id"] = id
			return map[string]any{}, nil
		},
		Update: func(ctx context.Context, c Call, _ string, body map[string]any) (map[string]any, error) {
			if _, ok := body["kubeconfig"]; !ok || equalValues(c.Plan["kubeconfig_wo_version"], c.Prior["kubeconfig_wo_version"]) {
				return map[string]any{}, nil
			}
			return put(ctx, c, body)
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			cluster, err := UUID(id)
			if err != nil {
				return err
			}
			return Gone(c.API.C.DeleteClustersClusterIDKubeconfig(ctx, cluster, nil))
		},
		ImportID: func(id string) (Values, error) { return Values{"id": id, "cluster_id": id}, nil },
	}
}

// metadataKey is the contract's key pattern: no whitespace and no brackets (a key names the clusters
// list's `metadata.<key>` filter).
var metadataKey = regexp.MustCompile(`^[^` + jsSpace + `\[\]]*$`)

// clusterMetadataKind: one metadata entry of a cluster (its id is the entry's; imported as
// `<cluster_id>/<id>`). The API lower-cases the key and trims the value: the plan refuses values
// it would change, so what is applied is what was configured.
func clusterMetadataKind() Kind {
	entry := func(c Call, id string) (cluster, metadata uuid.UUID, err error) {
		if cluster, err = UUID(str(c.Plan, "cluster_id")); err != nil {
			return
		}
		metadata, err = UUID(id)
		return
	}
	list := func(ctx context.Context, c Call, filters map[string]any) ([]map[string]any, error) {
		cluster, err := UUID(str(c.Plan, "cluster_id"))
		if err != nil {
			return nil, err
		}
		delete(filters, "cluster_id")
		return Objects(c.API.C.GetClustersClusterIDMetadata(ctx, cluster, nil, query(filters)))
	}
	return Kind{
		Name:        "cluster_metadata",
		Description: "One metadata entry (key and value) of a cluster; a key the cluster already has is refused (409). Import id: `<cluster_id>/<id>`.",
		Fields: []Field{
			{Name: "cluster_id", Mode: Required, IsID: true, ForceNew: true, NoSend: true, Description: "The cluster."},
			{Name: "key", Mode: Required, MinLen: 1, MaxLen: 253, Lower: true, Pattern: metadataKey, PatternHint: "no whitespace, `[` or `]`",
				Description: "The key, unique within the cluster (the clusters list filters by `metadata.<key>`)."},
			{Name: "value", Mode: Required, MaxLen: 1024, Trimmed: true, Description: "The value (may be empty)."},
			createdAt,
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			cluster, err := UUID(str(c.Plan, "cluster_id"))
			if err != nil {
				return nil, err
			}
			return Object(c.API.C.PostClustersClusterIDMetadataWithBody(ctx, cluster, nil, jsonType, JSONBody(body)))
		},
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			cluster, metadata, err := entry(c, id)
			if err != nil {
				return nil, err
			}
			return Object(c.API.C.GetClustersClusterIDMetadataMetadataID(ctx, cluster, metadata, nil))
		},
		Update: func(ctx context.Context, c Call, id string, body map[string]any) (map[string]any, error) {
			cluster, metadata, err := entry(c, id)
			if err != nil {
				return nil, err
			}
			return Object(c.API.C.PatchClustersClusterIDMetadataMetadataIDWithBody(ctx, cluster, metadata, nil, jsonType, JSONBody(body)))
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			cluster, metadata, err := entry(c, id)
			if err != nil {
				return err
			}
			return Gone(c.API.C.DeleteClustersClusterIDMetadataMetadataID(ctx, cluster, metadata, nil))
		},
		ImportID: func(id string) (Values, error) {
			v, err := splitID(id, "cluster_id", "metadata_id")
			if err != nil {
				return nil, err
			}
			return Values{"id": v["metadata_id"], "cluster_id": v["cluster_id"]}, nil
		},
		ListName: "cluster_metadata", List: list,
		ListFilters: []Field{{Name: "cluster_id", Mode: Required, IsID: true, Description: "The cluster whose metadata to list."}},
	}
}
