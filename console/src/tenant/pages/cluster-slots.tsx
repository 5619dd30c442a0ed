import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { ok } from "../../../../clients/typescript/src/index.ts";
import { messageOf } from "../../api.ts";
import { Confirm, DataTable, Notice, Status } from "../../components.tsx";
import { href } from "../../router.ts";
import { everyItem, orgClient } from "../org-api.ts";
import { useLive, useOrg } from "../org-context.tsx";
import { recordSetName, serverName, type Cluster } from "./cluster-common.tsx";

/**
 * A cluster's five slots and its node pools: what each holds, and for owners and admins a choice
 * among the organization's objects of that kind to attach, and a detach that asks first. Every
 * change answers the cluster, which the page shows at once; the API's refusals in its words.
 */

interface Option {
  value: string;
  label: string;
}
interface OptionGroup {
  label: string;
  options: Option[];
}

/** What a slot holds, as the page shows it. */
interface Held {
  id: string;
  name: string;
  status?: string;
  detail?: string;
}

interface Choices {
  loadBalancers: Option[];
  servers: OptionGroup[];
  domains: Option[];
}

interface SlotKind {
  /** The slot's name: the row's header and its select's label. */
  name: string;
  /** In the buttons: `Attach <lower>`. */
  lower: string;
  held: (c: Cluster) => Held | null;
  choices: (all: Choices) => OptionGroup[];
  attach: (org: string, clusterID: string, id: string) => Promise<Cluster>;
  detach: (org: string, clusterID: string) => Promise<Cluster>;
  /** Where the organization's objects of this kind are managed. */
  section: string;
}

const flat = (options: Option[]): OptionGroup[] => [{ label: "", options }];
const path = (clusterID: string) => ({ params: { path: { clusterID } } });

const loadBalancerHeld = (lb: Cluster["apps_load_balancer"]): Held | null => (lb ? { id: lb.id, name: lb.name, detail: lb.kind } : null);

const SLOTS: readonly SlotKind[] = [
  {
    name: "Apps load balancer",
    lower: "apps load balancer",
    held: (c) => loadBalancerHeld(c.apps_load_balancer),
    choices: (all) => flat(all.loadBalancers),
    attach: (org, clusterID, id) => ok(orgClient(org).POST("/api/v1/clusters/{clusterID}/apps-load-balancer", { ...path(clusterID), body: { load_balancer_id: id } })),
    detach: (org, clusterID) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}/apps-load-balancer", path(clusterID))),
    section: "load-balancers",
  },
  {
    name: "Platform load balancer",
    lower: "platform load balancer",
    held: (c) => loadBalancerHeld(c.glueops_load_balancer),
    choices: (all) => flat(all.loadBalancers),
    attach: (org, clusterID, id) => ok(orgClient(org).POST("/api/v1/clusters/{clusterID}/platform-load-balancer", { ...path(clusterID), body: { load_balancer_id: id } })),
    detach: (org, clusterID) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}/platform-load-balancer", path(clusterID))),
    section: "load-balancers",
  },
  {
    name: "Bastion",
    lower: "bastion",
    held: (c) =>
      c.bastion_server ? { id: c.bastion_server.id, name: serverName(c.bastion_server), status: c.bastion_server.status, detail: c.bastion_server.public_ip_address } : null,
    choices: (all) => all.servers,
    attach: (org, clusterID, id) => ok(orgClient(org).POST("/api/v1/clusters/{clusterID}/bastion", { ...path(clusterID), body: { server_id: id } })),
    detach: (org, clusterID) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}/bastion", path(clusterID))),
    section: "servers",
  },
  {
    name: "Captain domain",
    lower: "captain domain",
    held: (c) => (c.captain_domain ? { id: c.captain_domain.id, name: c.captain_domain.domain_name, status: c.captain_domain.status } : null),
    choices: (all) => flat(all.domains),
    attach: (org, clusterID, id) => ok(orgClient(org).POST("/api/v1/clusters/{clusterID}/captain-domain", { ...path(clusterID), body: { domain_id: id } })),
    detach: (org, clusterID) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}/captain-domain", path(clusterID))),
    section: "dns",
  },
];

const RECORD_SET_SLOT: Omit<SlotKind, "choices"> = {
  name: "Control-plane record set",
  section: "dns",
  lower: "control-plane record set",
  held: (c) =>
    c.control_plane_record_set
      ? { id: c.control_plane_record_set.id, name: recordSetName(c.control_plane_record_set), status: c.control_plane_record_set.status, detail: c.control_plane_fqdn }
      : null,
  attach: (org, clusterID, id) => ok(orgClient(org).POST("/api/v1/clusters/{clusterID}/control-plane-record-set", { ...path(clusterID), body: { record_set_id: id } })),
  detach: (org, clusterID) => ok(orgClient(org).DELETE("/api/v1/clusters/{clusterID}/control-plane-record-set", path(clusterID))),
};

/** The organization's load balancers, servers (bastions first) and domains to choose from (owners and admins only: a member chooses nothing). */
function useChoices(org: string, canWrite: boolean) {
  return useLive(
    `cluster-choices:${org}:${canWrite}`,
    async (signal): Promise<Choices> => {
      if (!canWrite) return { loadBalancers: [], servers: [], domains: [] };
      const api = orgClient(org);
      const [lbs, servers, domains] = await Promise.all([
        everyItem((query) => api.GET("/api/v1/load-balancers", { params: { query }, signal })),
        everyItem((query) => api.GET("/api/v1/servers", { params: { query }, signal })),
        everyItem((query) => api.GET("/api/v1/dns/domains", { params: { query }, signal })),
      ]);
      const server = (s: (typeof servers)[number]) => ({ value: s.id, label: serverName(s) });
      const bastions = servers.filter((s) => s.role === "bastion").map(server);
      const others = servers.filter((s) => s.role !== "bastion").map(server);
      return {
        loadBalancers: lbs.map((l) => ({ value: l.id, label: l.name })),
        servers: [...(bastions.length > 0 ? [{ label: "Bastions", options: bastions }] : []), ...(others.length > 0 ? [{ label: "Other servers", options: others }] : [])],
        domains: domains.map((d) => ({ value: d.id, label: d.domain_name })),
      };
    },
    ["load_balancer.*", "server.*", "domain.*"],
  );
}

/** The record sets of one domain to choose from. */
function useRecordSets(org: string, domainID: string) {
  return useLive(
    `cluster-record-sets:${org}:${domainID}`,
    async (signal): Promise<Option[]> => {
      if (domainID === "") return [];
      const sets = await everyItem((query) => orgClient(org).GET("/api/v1/dns/domains/{domain_id}/records", { params: { path: { domain_id: domainID }, query }, signal }));
      return sets.map((r) => ({ value: r.id, label: recordSetName(r) }));
    },
    ["record_set.*"],
  );
}

function HeldCell({ held }: { held: Held | null }) {
  if (!held) return <span class="muted">none</span>;
  return (
    <span class="held">
      <span class="held-name">{held.name}</span> {held.status && <Status value={held.status} />} {held.detail && <span class="muted mono">{held.detail}</span>}
    </span>
  );
}

/** A labelled select of choices (grouped when they come in groups); the label may be for screen readers only. */
function Choose(props: { id: string; label: string; hiddenLabel?: boolean; groups: OptionGroup[]; value: string; onChange: (v: string) => void; empty: ComponentChildren }) {
  const count = props.groups.reduce((n, g) => n + g.options.length, 0);
  const options = (list: Option[]) =>
    list.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <span class="choose">
      <label for={props.id} class={props.hiddenLabel ? "visually-hidden" : undefined}>
        {props.label}
      </label>
      {count === 0 ? (
        <span class="muted">{props.empty}</span>
      ) : (
        <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
          {props.groups.map((g) =>
            g.label === "" ? (
              options(g.options)
            ) : (
              <optgroup key={g.label} label={g.label}>
                {options(g.options)}
              </optgroup>
            ),
          )}
        </select>
      )}
    </span>
  );
}

/** The first choice, or `held` when it is one of them: what a select shows until the user picks. */
function defaultChoice(groups: OptionGroup[], held: string | undefined): string {
  const all = groups.flatMap((g) => g.options);
  if (held !== undefined && all.some((o) => o.value === held)) return held;
  return all[0]?.value ?? "";
}

interface Result {
  kind: "ok" | "error";
  text: string;
}

/** A change of the cluster (attach, detach): one at a time, the answer shown at once, the outcome said in words. */
function useChange(onCluster: (c: Cluster) => void) {
  const [result, setResult] = useState<Result>();
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<Cluster>, done: string, failed: string) => {
    setBusy(true);
    setResult(undefined);
    try {
      onCluster(await what());
      setResult({ kind: "ok", text: done });
    } catch (err) {
      setResult({ kind: "error", text: `${failed}: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };
  return { result, busy, run };
}

/** The Confirm of a detach: the "Detach" button confirms, "Keep it" (or Escape) dismisses. */
function ConfirmDetach({ title, children, onConfirm, onDismiss }: { title: string; children: ComponentChildren; onConfirm: () => void; onDismiss: () => void }) {
  return (
    <Confirm title={title} confirm="Detach" dismiss="Keep it" onConfirm={onConfirm} onDismiss={onDismiss}>
      {children}
    </Confirm>
  );
}

/** One slot's row: what it holds and, for owners and admins, the choice of what to attach (`extra`: more choices before it) and the buttons. */
function SlotRow(props: {
  slot: Omit<SlotKind, "choices">;
  cluster: Cluster;
  groups: OptionGroup[];
  loaded: boolean;
  extra?: ComponentChildren;
  busy: boolean;
  onAttach: (value: string, name: string) => void;
  onDetach: (held: Held) => void;
}) {
  const { org, canWrite } = useOrg();
  const { slot, groups } = props;
  const [picked, setPicked] = useState<string>();
  const held = slot.held(props.cluster);
  const id = `slot-${slot.lower.replace(/[^a-z]+/g, "-")}`;
  const offered = groups.flatMap((g) => g.options);
  const value = picked !== undefined && offered.some((o) => o.value === picked) ? picked : defaultChoice(groups, held?.id);
  return (
    <tr>
      <th scope="row" data-label="Slot">
        {slot.name}
      </th>
      <td data-label="Attached">
        <HeldCell held={held} />
      </td>
      {canWrite && (
        <td data-label="Change" class="slot-change">
          {props.extra}
          <Choose
            id={id}
            label={slot.name}
            hiddenLabel={props.extra === undefined}
            groups={groups}
            value={value}
            onChange={setPicked}
            empty={
              props.loaded ? (
                <>
                  Nothing to choose: <a href={href(["orgs", org.id, slot.section])}>create one</a>.
                </>
              ) : (
                "Loading…"
              )
            }
          />
          <span class="buttons">
            <button type="button" disabled={props.busy || value === ""} onClick={() => props.onAttach(value, offered.find((o) => o.value === value)?.label ?? value)}>
              Attach {slot.lower}
            </button>
            {held && (
              <button type="button" disabled={props.busy} onClick={() => props.onDetach(held)}>
                Detach {slot.lower}
              </button>
            )}
          </span>
        </td>
      )}
    </tr>
  );
}

/** The region "Slots": one row per slot, what it holds and (owners and admins) what to attach instead. */
export function SlotsSection({ cluster, onCluster }: { cluster: Cluster; onCluster: (c: Cluster) => void }) {
  const { org, canWrite } = useOrg();
  const choices = useChoices(org.id, canWrite);
  const change = useChange(onCluster);
  const [detaching, setDetaching] = useState<{ slot: Omit<SlotKind, "choices">; held: Held }>();
  // the record set is chosen among one domain's: the attached record set's or captain domain's, until the user picks another
  const [pickedDomain, setPickedDomain] = useState<string>();
  const domains = flat(choices.data?.domains ?? []);
  const domainChoice =
    pickedDomain !== undefined && domains.some((g) => g.options.some((o) => o.value === pickedDomain))
      ? pickedDomain
      : defaultChoice(domains, cluster.control_plane_record_set?.domain_id ?? cluster.captain_domain?.id);
  const recordSets = useRecordSets(org.id, canWrite ? domainChoice : "");

  const rowProps = (slot: Omit<SlotKind, "choices">) => ({
    slot,
    cluster,
    busy: change.busy,
    onAttach: (value: string, name: string) =>
      void change.run(() => slot.attach(org.id, cluster.id, value), `Attached ${name} as the ${slot.lower}.`, `The ${slot.lower} was not attached`),
    onDetach: (held: Held) => setDetaching({ slot, held }),
  });

  const all: Choices = choices.data ?? { loadBalancers: [], servers: [], domains: [] };
  return (
    <section class="cluster-part" role="region" aria-labelledby="slots-title">
      <h2 id="slots-title">Slots</h2>
      {canWrite && choices.error !== undefined && <Notice kind="error">The organization's objects could not be listed: {choices.error}</Notice>}
      <DataTable label="What the slots hold" columns={canWrite ? ["Slot", "Attached", "Change"] : ["Slot", "Attached"]} class="slots">
        {SLOTS.map((slot) => (
          <SlotRow key={slot.name} {...rowProps(slot)} groups={slot.choices(all)} loaded={choices.data !== undefined} />
        ))}
        <SlotRow
          {...rowProps(RECORD_SET_SLOT)}
          groups={flat(recordSets.data ?? [])}
          loaded={recordSets.data !== undefined}
          extra={<Choose id="slot-record-set-domain" label="Domain of the record set" groups={domains} value={domainChoice} onChange={setPickedDomain} empty="No domain yet." />}
        />
      </DataTable>
      {recordSets.error !== undefined && canWrite && <Notice kind="error">The domain's record sets could not be listed: {recordSets.error}</Notice>}
      {change.result && <Notice kind={change.result.kind}>{change.result.text}</Notice>}
      {detaching && (
        <ConfirmDetach
          title={`Detach the ${detaching.slot.lower} ${detaching.held.name}?`}
          onConfirm={() => {
            const { slot, held } = detaching;
            setDetaching(undefined);
            void change.run(() => slot.detach(org.id, cluster.id), `Detached the ${slot.lower} ${held.name}.`, `The ${slot.lower} was not detached`);
          }}
          onDismiss={() => setDetaching(undefined)}
        >
          The cluster no longer holds it ({detaching.held.name} itself is kept); the cluster is checked again.
        </ConfirmDetach>
      )}
    </section>
  );
}

/** The region "Node pools": the pools the cluster holds (each detached on its own) and one more to attach. */
export function NodePoolsSection({ cluster, onCluster }: { cluster: Cluster; onCluster: (c: Cluster) => void }) {
  const { org, canWrite } = useOrg();
  const pools = useLive(
    `cluster-pools:${org.id}:${canWrite}`,
    async (signal) => (canWrite ? everyItem((query) => orgClient(org.id).GET("/api/v1/node-pools", { params: { query }, signal })) : []),
    ["node_pool.*"],
  );
  const [picked, setPicked] = useState<string>();
  const change = useChange(onCluster);
  const [confirming, setConfirming] = useState<Cluster["node_pools"][number]>();
  const attached = new Set(cluster.node_pools.map((p) => p.id));
  const options = (pools.data ?? []).filter((p) => !attached.has(p.id)).map((p) => ({ value: p.id, label: p.name }));
  const value = picked !== undefined && options.some((o) => o.value === picked) ? picked : (options[0]?.value ?? "");

  const attach = () => {
    const name = options.find((o) => o.value === value)?.label ?? value;
    void change.run(
      () => ok(orgClient(org.id).POST("/api/v1/clusters/{clusterID}/node-pools", { params: { path: { clusterID: cluster.id } }, body: { node_pool_id: value } })),
      `Attached node pool ${name}.`,
      `Node pool ${name} was not attached`,
    );
  };
  const detach = (pool: Cluster["node_pools"][number]) =>
    change.run(
      () => ok(orgClient(org.id).DELETE("/api/v1/clusters/{clusterID}/node-pools/{nodePoolID}", { params: { path: { clusterID: cluster.id, nodePoolID: pool.id } } })),
      `Detached node pool ${pool.name}.`,
      `Node pool ${pool.name} was not detached`,
    );

  return (
    <section class="cluster-part" role="region" aria-labelledby="pools-title">
      <h2 id="pools-title">Node pools</h2>
      {cluster.node_pools.length === 0 ? (
        <p class="muted">No node pool attached.</p>
      ) : (
        <DataTable label="Attached node pools" columns={["Name", "Role", "Servers", ...(canWrite ? [{ name: "Actions", hidden: true }] : [])]}>
          {cluster.node_pools.map((p) => (
            <tr key={p.id}>
              <th scope="row" data-label="Name">
                <a href={href(["orgs", org.id, "node-pools", p.id])}>{p.name}</a>
              </th>
              <td data-label="Role">{p.role}</td>
              <td data-label="Servers">{p.servers.length === 0 ? <span class="muted">none</span> : p.servers.map(serverName).join(", ")}</td>
              {canWrite && (
                <td data-label="Actions" class="actions">
                  <button type="button" disabled={change.busy} onClick={() => setConfirming(p)}>
                    Detach {p.name}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {canWrite && (
        <div class="filters">
          <Choose
            id="pool-to-attach"
            label="Node pool to attach"
            groups={flat(options)}
            value={value}
            onChange={setPicked}
            empty={
              pools.data ? (
                <>
                  {pools.data.length > 0 ? "Every node pool is attached." : "No node pool yet:"} <a href={href(["orgs", org.id, "node-pools"])}>node pools</a>.
                </>
              ) : (
                "Loading…"
              )
            }
          />
          <div class="buttons">
            <button type="button" disabled={change.busy || value === ""} onClick={attach}>
              Attach node pool
            </button>
          </div>
        </div>
      )}
      {pools.error !== undefined && canWrite && <Notice kind="error">The node pools could not be listed: {pools.error}</Notice>}
      {change.result && <Notice kind={change.result.kind}>{change.result.text}</Notice>}
      {confirming && (
        <ConfirmDetach
          title={`Detach node pool ${confirming.name}?`}
          onConfirm={() => {
            const pool = confirming;
            setConfirming(undefined);
            void detach(pool);
          }}
          onDismiss={() => setConfirming(undefined)}
        >
          The cluster no longer holds it (the pool and its servers are kept); the cluster is checked again.
        </ConfirmDetach>
      )}
    </section>
  );
}
