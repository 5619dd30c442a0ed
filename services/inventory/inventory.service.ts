import type { ServiceSchema } from "moleculer";
import { z } from "zod";
import { requireOrg } from "../../shared/context.ts";
import {
  CreateAnnotationParams,
  CreateLabelParams,
  CreateTaintParams,
  IdParams,
  ListTagsParams,
  UpdateAnnotationParams,
  UpdateLabelParams,
  UpdateTaintParams,
} from "../../shared/contracts/inventory.ts";
import { ServiceDatabase } from "../../shared/db.ts";
import { defineAction } from "../../shared/validation.ts";
import { defineInventoryModels } from "./models.ts";
import { inventoryResources, type Inventory } from "./resources.ts";
import { createTag, deleteTag, getTag, listTags, updateTag } from "./tags.ts";

type ActionMap = NonNullable<ServiceSchema["actions"]>;

/** list/get/create/update/delete actions of labels, annotations or taints (`<verb><Kind>`). */
function tagActions(
  inv: () => Inventory,
  kind: "label" | "annotation" | "taint",
  Kind: string,
  schemas: { create: z.ZodType<{ key: string; value: string; effect?: string }>; update: z.ZodType<{ id: string; key?: string | undefined; value?: string | undefined; effect?: string | undefined }> },
): ActionMap {
  const plural = `${kind}s`;
  return {
    [`list${Kind}s`]: defineAction({
      visibility: "published",
      description: `GET /${plural}: filters key, value (exact), q (key contains), include=node_pools.`,
      input: ListTagsParams,
      handler: (ctx) => listTags(inv(), requireOrg(ctx).id, kind, ctx.params),
    }),
    [`create${Kind}`]: defineAction({
      visibility: "published",
      description: `POST /${plural}.`,
      input: schemas.create,
      handler: (ctx) => createTag(inv(), requireOrg(ctx).id, kind, ctx.params),
    }),
    [`get${Kind}`]: defineAction({
      visibility: "published",
      description: `GET /${plural}/{id}.`,
      input: IdParams,
      handler: (ctx) => getTag(inv(), requireOrg(ctx).id, kind, ctx.params.id),
    }),
    [`update${Kind}`]: defineAction({
      visibility: "published",
      description: `PATCH /${plural}/{id}: partial update.`,
      input: schemas.update,
      handler: (ctx) => {
        const { id, ...data } = ctx.params;
        return updateTag(inv(), requireOrg(ctx).id, kind, id, data);
      },
    }),
    [`delete${Kind}`]: defineAction({
      visibility: "published",
      description: `DELETE /${plural}/{id}: also detaches it from node pools.`,
      input: IdParams,
      handler: (ctx) => deleteTag(inv(), requireOrg(ctx).id, kind, ctx.params.id),
    }),
  };
}

/** Servers, SSH keys, labels, annotations, taints, node pools and load balancers of organizations. */
export default function createInventoryService(): ServiceSchema {
  const db = new ServiceDatabase("inventory", defineInventoryModels);
  let state: Inventory | undefined;
  const inv = (): Inventory => {
    if (!state) throw new Error("inventory database is not open");
    return state;
  };

  return {
    name: "inventory",

    actions: {
      ...tagActions(inv, "label", "Label", { create: CreateLabelParams, update: UpdateLabelParams }),
      ...tagActions(inv, "annotation", "Annotation", { create: CreateAnnotationParams, update: UpdateAnnotationParams }),
      ...tagActions(inv, "taint", "Taint", { create: CreateTaintParams, update: UpdateTaintParams }),
    },

    async started() {
      await db.open();
      state = { models: db.models, res: inventoryResources(db.models) };
    },

    async stopped() {
      state = undefined;
      await db.close();
    },
  } as ServiceSchema;
}
