import { useState } from "preact/hooks";
import { ok, type JsonRequest, type JsonResponse } from "../../../../clients/typescript/src/index.ts";
import { messageOf } from "../../api.ts";
import { Confirm, Notice, PageTitle, Status } from "../../components.tsx";
import { href, type Route } from "../../router.ts";
import type { Field } from "../form.tsx";
import { everyItem, listPage, orgClient, pageQuery } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { ResourcePage, type ResourceKind } from "../resource-page.tsx";
import { serverName } from "./Servers.tsx";

/**
 * Node pools: the list (role, how many servers, labels, annotations and taints), create, edit and
 * delete; a pool's page with its servers, labels, annotations and taints, each attached by
 * choosing among the organization's and detached (owners and admins).
 */

type NodePool = JsonResponse<"getNodePoolsId">;

const FIELDS: readonly Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "role", label: "Role", kind: "select", choices: ["worker", "master"] },
];

const NODE_POOLS: ResourceKind<NodePool> = {
  section: "node-pools",
  title: "Node pools",
  one: "node pool",
  events: ["node_pool.*", "node_pool_attachment.*"],
  list: (org, { cursor }, signal) => listPage(orgClient(org).GET("/api/v1/node-pools", { params: { query: pageQuery(cursor) }, signal })),
  columns: [
    { name: "Name", cell: (p) => p.name },
    { name: "Role", cell: (p) => p.role },
    { name: "Servers", cell: (p) => p.servers.length },
    { name: "Labels", cell: (p) => p.labels.map((l) => `${l.key}=${l.value}`).join(", ") || "–" },
    { name: "Taints", cell: (p) => p.taints.map((t) => `${t.key}=${t.value}:${t.effect}`).join(", ") || "–" },
  ],
  name: (p) => p.name,
  detail: (org, p) => href(["orgs", org, "node-pools", p.id]),
  createFields: FIELDS,
  create: (org, body) => ok(orgClient(org).POST("/api/v1/node-pools", { body: body as JsonRequest<"postNodePools"> })),
  editFields: FIELDS,
  update: (org, id, body) => ok(orgClient(org).PATCH("/api/v1/node-pools/{id}", { params: { path: { id } }, body: body })),
  remove: (org, id) => ok(orgClient(org).DELETE("/api/v1/node-pools/{id}", { params: { path: { id } } })),
};

export function NodePoolsPage({ route }: { route: Route }) {
  const id = route.parts[3];
  return id !== undefined ? <NodePoolPage id={id} /> : <ResourcePage kind={NODE_POOLS} route={route} />;
}

/** One kind of a pool's children: what is attached, what can be, and how. */
interface Children {
  title: string;
  /** `server`, `label`: the select's and the buttons' word. */
  one: string;
  attached: { id: string; name: string; extra?: preact.ComponentChildren }[];
  choices: { id: string; name: string }[];
  attach: (id: string) => Promise<unknown>;
  detach: (id: string) => Promise<unknown>;
}

function ChildrenSection({ of: c, onChanged }: { of: Children; onChanged: (message: string) => void }) {
  const { canWrite } = useOrg();
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string>();
  const [detaching, setDetaching] = useState<{ id: string; name: string }>();
  const free = c.choices.filter((x) => !c.attached.some((a) => a.id === x.id));
  const sid = `pool-${c.one}`;
  const act = async (what: () => Promise<unknown>, message: string) => {
    setError(undefined);
    try {
      await what();
      onChanged(message);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <section class="panel" role="region" aria-labelledby={`${sid}-title`}>
      <h2 id={`${sid}-title`}>{c.title}</h2>
      {c.attached.length === 0 ? (
        <p class="muted">None attached.</p>
      ) : (
        <ul class="attached">
          {c.attached.map((a) => (
            <li key={a.id}>
              <span class="mono">{a.name}</span> {a.extra}
              {canWrite && (
                <button type="button" onClick={() => setDetaching(a)} aria-label={`Detach ${a.name}`}>
                  Detach
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {detaching && (
        <Confirm
          title={`Detach ${detaching.name}?`}
          confirm="Detach"
          dismiss="Keep it"
          onConfirm={() => {
            const a = detaching;
            setDetaching(undefined);
            void act(() => c.detach(a.id), `Detached ${a.name}.`);
          }}
          onDismiss={() => setDetaching(undefined)}
        >
          It stays in the organization; only this pool stops using it.
        </Confirm>
      )}
      {error !== undefined && <Notice kind="error">{error}</Notice>}
      {canWrite && (
        <form
          class="filters"
          onSubmit={(e) => {
            e.preventDefault();
            const pick = free.find((x) => x.id === chosen);
            if (pick) void act(() => c.attach(pick.id), `Attached ${pick.name}.`).then(() => setChosen(""));
          }}
        >
          <div class="field grow">
            <label for={`${sid}-choice`}>{`${c.one[0]!.toUpperCase()}${c.one.slice(1)} to attach`}</label>
            <select id={`${sid}-choice`} value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
              <option value="">{free.length === 0 ? "Nothing left to attach" : "Choose…"}</option>
              {free.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
          <div class="buttons">
            <button type="submit" disabled={chosen === ""}>
              Attach {c.one}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Every item of a list, kept current. */
function useAll<T>(name: string, events: readonly string[], load: (org: string, signal: AbortSignal) => Promise<T[]>): T[] {
  const { org } = useOrg();
  return useLive(`${name}-all:${org.id}`, (signal) => load(org.id, signal), events).data ?? [];
}

function NodePoolPage({ id }: { id: string }) {
  const { org } = useOrg();
  const pool = useLive(`node-pool:${org.id}:${id}`, (signal) => ok(orgClient(org.id).GET("/api/v1/node-pools/{id}", { params: { path: { id } }, signal })), [
    "node_pool.*",
    "node_pool_attachment.*",
    "server.*",
    "label.*",
    "annotation.*",
    "taint.*",
  ]);
  const servers = useAll("servers", ["server.*"], (o, signal) => everyItem((query) => orgClient(o).GET("/api/v1/servers", { params: { query }, signal })));
  const labels = useAll("labels", ["label.*"], (o, signal) => everyItem((query) => orgClient(o).GET("/api/v1/labels", { params: { query }, signal })));
  const annotations = useAll("annotations", ["annotation.*"], (o, signal) => everyItem((query) => orgClient(o).GET("/api/v1/annotations", { params: { query }, signal })));
  const taints = useAll("taints", ["taint.*"], (o, signal) => everyItem((query) => orgClient(o).GET("/api/v1/taints", { params: { query }, signal })));
  const [result, setResult] = useState<string>();
  const p = pool.data;
  const api = orgClient(org.id);
  const path = { id };
  const changed = (message: string) => {
    setResult(message);
    pool.reload();
  };
  const kv = (x: { key: string; value: string }) => `${x.key}=${x.value}`;
  return (
    <>
      <PageTitle title={p?.name ?? "Node pool"}>{p?.name ?? "Node pool"}</PageTitle>
      <p>
        <a href={href(["orgs", org.id, "node-pools"])}>All node pools</a>
      </p>
      {!p && (pool.error !== undefined ? <Notice kind="error">{pool.error}</Notice> : <p class="muted">Loading…</p>)}
      {result && <Notice kind="ok">{result}</Notice>}
      {p && (
        <>
          <dl class="facts">
            <dt>Role</dt>
            <dd>{p.role}</dd>
          </dl>
          <ChildrenSection
            onChanged={changed}
            of={{
              title: "Servers",
              one: "server",
              attached: p.servers.map((s) => ({ id: s.id, name: serverName(s), extra: <Status value={s.status} /> })),
              choices: servers.map((s) => ({ id: s.id, name: serverName(s) })),
              attach: (childId) => ok(api.POST("/api/v1/node-pools/{id}/servers", { params: { path }, body: { server_ids: [childId] } })),
              detach: (childId) => ok(api.DELETE("/api/v1/node-pools/{id}/servers/{childId}", { params: { path: { id, childId } } })),
            }}
          />
          <ChildrenSection
            onChanged={changed}
            of={{
              title: "Labels",
              one: "label",
              attached: p.labels.map((l) => ({ id: l.id, name: kv(l) })),
              choices: labels.map((l) => ({ id: l.id, name: kv(l) })),
              attach: (childId) => ok(api.POST("/api/v1/node-pools/{id}/labels", { params: { path }, body: { label_ids: [childId] } })),
              detach: (childId) => ok(api.DELETE("/api/v1/node-pools/{id}/labels/{childId}", { params: { path: { id, childId } } })),
            }}
          />
          <ChildrenSection
            onChanged={changed}
            of={{
              title: "Annotations",
              one: "annotation",
              attached: p.annotations.map((a) => ({ id: a.id, name: kv(a) })),
              choices: annotations.map((a) => ({ id: a.id, name: kv(a) })),
              attach: (childId) => ok(api.POST("/api/v1/node-pools/{id}/annotations", { params: { path }, body: { annotation_ids: [childId] } })),
              detach: (childId) => ok(api.DELETE("/api/v1/node-pools/{id}/annotations/{childId}", { params: { path: { id, childId } } })),
            }}
          />
          <ChildrenSection
            onChanged={changed}
            of={{
              title: "Taints",
              one: "taint",
              attached: p.taints.map((t) => ({ id: t.id, name: `${kv(t)}:${t.effect}` })),
              choices: taints.map((t) => ({ id: t.id, name: `${kv(t)}:${t.effect}` })),
              attach: (childId) => ok(api.POST("/api/v1/node-pools/{id}/taints", { params: { path }, body: { taint_ids: [childId] } })),
              detach: (childId) => ok(api.DELETE("/api/v1/node-pools/{id}/taints/{childId}", { params: { path: { id, childId } } })),
            }}
          />
        </>
      )}
    </>
  );
}
