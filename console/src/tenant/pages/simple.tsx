import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { Time } from "../../components.tsx";
import type { Route } from "../../router.ts";
import type { Field } from "../form.tsx";
import { listPage, orgClient, pageQuery } from "../org-api.ts";
import { ResourcePage, type ResourceColumn, type ResourceKind } from "../resource-page.tsx";

/**
 * The organization's labels, annotations, taints and load balancers: lists searched and paged as
 * the API does, created, edited and deleted by owners and admins.
 */

type Label = JsonResponse<"getLabelsId">;
type Annotation = JsonResponse<"getAnnotationsId">;
type Taint = JsonResponse<"getTaintsId">;
type LoadBalancer = JsonResponse<"getLoadBalancersId">;

const keyValue: readonly Field[] = [
  { name: "key", label: "Key", required: true, mono: true },
  { name: "value", label: "Value", mono: true },
];
const updated = <T extends { updated_at?: string }>(): ResourceColumn<T> => ({ name: "Updated", cell: (i) => <Time iso={i.updated_at} /> });
const kvColumns = <T extends { key?: string; value?: string; updated_at?: string }>(): ResourceColumn<T>[] => [
  { name: "Key", cell: (i) => <span class="mono">{i.key}</span> },
  { name: "Value", cell: (i) => <span class="mono">{i.value}</span> },
  updated<T>(),
];
const searchQuery = (q: string, cursor: string | undefined) => ({ ...pageQuery(cursor), ...(q ? { q } : {}) });

export const LABELS: ResourceKind<Label> = {
  section: "labels",
  title: "Labels",
  one: "label",
  events: ["label.*"],
  search: "Key contains",
  list: (org, { q, cursor }, signal) => listPage(orgClient(org).GET("/api/v1/labels", { params: { query: searchQuery(q, cursor) }, signal })),
  columns: kvColumns<Label>(),
  name: (l) => `${l.key}=${l.value}`,
  createFields: keyValue,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/labels", { body: body as JsonRequest<"postLabels"> })),
  editFields: keyValue,
  update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/labels/{id}", { params: { path: { id } }, body: body })),
  remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/labels/{id}", { params: { path: { id } } })),
};

export const ANNOTATIONS: ResourceKind<Annotation> = {
  section: "annotations",
  title: "Annotations",
  one: "annotation",
  events: ["annotation.*"],
  search: "Key contains",
  list: (org, { q, cursor }, signal) => listPage(orgClient(org).GET("/api/v1/annotations", { params: { query: searchQuery(q, cursor) }, signal })),
  columns: kvColumns<Annotation>(),
  name: (a) => `${a.key}=${a.value}`,
  createFields: keyValue,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/annotations", { body: body as JsonRequest<"postAnnotations"> })),
  editFields: keyValue,
  update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/annotations/{id}", { params: { path: { id } }, body: body })),
  remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/annotations/{id}", { params: { path: { id } } })),
};

const TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
const taintFields: readonly Field[] = [...keyValue, { name: "effect", label: "Effect", kind: "select", choices: TAINT_EFFECTS }];

export const TAINTS: ResourceKind<Taint> = {
  section: "taints",
  title: "Taints",
  one: "taint",
  events: ["taint.*"],
  search: "Key contains",
  list: (org, { q, cursor }, signal) => listPage(orgClient(org).GET("/api/v1/taints", { params: { query: searchQuery(q, cursor) }, signal })),
  columns: [
    { name: "Key", cell: (t) => <span class="mono">{t.key}</span> },
    { name: "Value", cell: (t) => <span class="mono">{t.value}</span> },
    { name: "Effect", cell: (t) => t.effect },
    updated<Taint>(),
  ],
  name: (t) => `${t.key}=${t.value}:${t.effect}`,
  createFields: taintFields,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/taints", { body: body as JsonRequest<"postTaints"> })),
  editFields: taintFields,
  update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/taints/{id}", { params: { path: { id } }, body: body })),
  remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/taints/{id}", { params: { path: { id } } })),
};

const lbFields: readonly Field[] = [
  { name: "name", label: "Name", required: true },
  {
    name: "kind",
    label: "Kind",
    kind: "select",
    choices: [
      { value: "public", label: "public (the cluster's apps)" },
      { value: "platform", label: "platform (the control plane)" },
    ],
  },
  { name: "private_ip_address", label: "Private IP address", mono: true },
  { name: "public_ip_address", label: "Public IP address", mono: true },
];

export const LOAD_BALANCERS: ResourceKind<LoadBalancer> = {
  section: "load-balancers",
  title: "Load balancers",
  one: "load balancer",
  events: ["load_balancer.*"],
  list: (org, { cursor }, signal) => listPage(orgClient(org).GET("/api/v1/load-balancers", { params: { query: pageQuery(cursor) }, signal })),
  columns: [
    { name: "Name", cell: (l) => l.name },
    { name: "Kind", cell: (l) => l.kind },
    { name: "Private IP", cell: (l) => <span class="mono">{l.private_ip_address || "–"}</span> },
    { name: "Public IP", cell: (l) => <span class="mono">{l.public_ip_address || "–"}</span> },
    updated<LoadBalancer>(),
  ],
  name: (l) => l.name,
  createFields: lbFields,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/load-balancers", { body: body as JsonRequest<"postLoadBalancers"> })),
  editFields: lbFields,
  update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/load-balancers/{id}", { params: { path: { id } }, body: body })),
  remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/load-balancers/{id}", { params: { path: { id } } })),
};

export const LabelsPage = ({ route }: { route: Route }) => <ResourcePage kind={LABELS} route={route} />;
export const AnnotationsPage = ({ route }: { route: Route }) => <ResourcePage kind={ANNOTATIONS} route={route} />;
export const TaintsPage = ({ route }: { route: Route }) => <ResourcePage kind={TAINTS} route={route} />;
export const LoadBalancersPage = ({ route }: { route: Route }) => <ResourcePage kind={LOAD_BALANCERS} route={route} />;
