package provider

import (
	"context"

	"github.com/google/uuid"
)

func orgKinds() []Kind {
	return []Kind{
		{
			Name: "webhook", Description: "A webhook: the organization's events are delivered to its URL, signed with its secret.",
			Fields: []Field{
				{Name: "url", Mode: Required, MaxLen: 2048, Description: "Where deliveries are sent (http or https)."},
				{Name: "events", Type: StringList, Mode: Required, Description: "Event types to deliver (`*`, `<kind>.*` or `<kind>.<action>`)."},
				{Name: "description", Mode: OptionalComputed, MaxLen: 500, Description: "A description."},
				{Name: "active", Type: Bool, Mode: OptionalComputed, Description: "Whether deliveries are made (true when left out)."},
				{Name: "secret", Mode: Computed, Stable: true, Sensitive: true, Description: "The signing secret (given once, at creation; empty after an import)."},
				createdAt,
			},
			Create: createVia((*client).PostWebhooksWithBody), Read: readVia((*client).GetWebhooksId),
			Update: updateVia((*client).PatchWebhooksIdWithBody), Delete: deleteVia((*client).DeleteWebhooksId),
			ListName: "webhooks", List: listVia((*client).GetWebhooks),
		},
		orgMemberKind(),
		orgKeyKind(),
	}
}

func orgID(c Call) (uuid.UUID, error) {
	if c.API.OrgID == "" {
		return uuid.Nil, errorf("organization_id (or CLUSTERINFRA_ORG_ID) is required")
	}
	return UUID(c.API.OrgID)
}

// orgMemberKind: a user's role in the provider's organization (id: the user id). Needs a bearer token.
func orgMemberKind() Kind {
	put := func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
		org, err := orgID(c)
		if err != nil {
			return nil, err
		}
		return Object(c.API.C.PostOrgsIdMembersWithBody(ctx, org, nil, jsonType, JSONBody(body)))
	}
	list := func(ctx context.Context, c Call, _ map[string]any) ([]map[string]any, error) {
		org, err := orgID(c)
		if err != nil {
			return nil, err
		}
		return Objects(c.API.C.GetOrgsIdMembers(ctx, org, nil))
	}
	return Kind{
		Name: "org_member", Description: "A member of the provider's organization and their role (needs a bearer token; import by user id).",
		Fields: []Field{
			{Name: "user_id", Mode: Required, IsID: true, ForceNew: true, Description: "The user."},
			{Name: "role", Mode: Required, Enum: []string{"owner", "admin", "member"}, Description: "The user's role."},
			{Name: "email", Mode: Computed, Stable: true, Description: "The user's e-mail address."},
		},
		ID:     func(answer map[string]any, _ Call) string { return str(answer, "user_id") },
		Create: put,
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			items, err := list(ctx, c, nil)
			return FindByID(items, err, "user_id", id)
		},
		Update: func(ctx context.Context, c Call, _ string, _ map[string]any) (map[string]any, error) {
			return put(ctx, c, map[string]any{"user_id": str(c.Plan, "user_id"), "role": str(c.Plan, "role")})
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			org, err := orgID(c)
			if err != nil {
				return err
			}
			user, err := UUID(id)
			if err != nil {
				return err
			}
			return Gone(c.API.C.DeleteOrgsIdMembersUserId(ctx, org, user, nil))
		},
		ListName: "org_members", List: list,
	}
}

// orgKeyKind: an organization key; its key and secret are given once, at creation (sensitive).
func orgKeyKind() Kind {
	list := func(ctx context.Context, c Call, _ map[string]any) ([]map[string]any, error) {
		org, err := orgID(c)
		if err != nil {
			return nil, err
		}
		all, err := Objects(c.API.C.GetOrgsIdApiKeys(ctx, org, nil))
		live := []map[string]any{}
		for _, k := range all {
			if revoked, _ := k["revoked"].(bool); !revoked {
				live = append(live, k)
			}
		}
		return live, err
	}
	return Kind{
		Name: "org_key", Description: "An organization key (X-ORG-KEY and X-ORG-SECRET); needs a bearer token. The key and secret are known only to the Terraform run that created it.",
		Fields: []Field{
			{Name: "name", Mode: Required, ForceNew: true, MinLen: 1, MaxLen: 100, Description: "The name."},
			{Name: "expires_in_hours", Type: Int, Mode: Optional, ForceNew: true, InputOnly: true, Min: ptr(1), Max: ptr(87600), Description: "Hours until it expires (never when left out)."},
			{Name: "expires_at", Mode: Computed, Stable: true, Description: "When it expires (empty: never)."},
			{Name: "org_key", Mode: Computed, Stable: true, Sensitive: true, Description: "The key (X-ORG-KEY)."},
			{Name: "org_secret", Mode: Computed, Stable: true, Sensitive: true, Description: "The secret (X-ORG-SECRET)."},
			createdAt,
		},
		Create: func(ctx context.Context, c Call, body map[string]any) (map[string]any, error) {
			org, err := orgID(c)
			if err != nil {
				return nil, err
			}
			return Object(c.API.C.PostOrgsIdApiKeysWithBody(ctx, org, nil, jsonType, JSONBody(body)))
		},
		Read: func(ctx context.Context, c Call, id string) (map[string]any, error) {
			items, err := list(ctx, c, nil)
			return FindByID(items, err, "id", id)
		},
		Delete: func(ctx context.Context, c Call, id string) error {
			org, err := orgID(c)
			if err != nil {
				return err
			}
			key, err := UUID(id)
			if err != nil {
				return err
			}
			return Gone(c.API.C.DeleteOrgsIdApiKeysKeyId(ctx, org, key, nil))
		},
		ListName: "org_keys", List: list,
	}
}
