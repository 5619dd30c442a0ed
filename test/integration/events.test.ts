import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { newId } from "../../shared/ids.ts";
import { newTenant, orgHeaders, signIn, type Tenant } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { openStream } from "../helpers/event-stream.ts";
import { route53CredentialBody } from "../helpers/fixtures.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Events: every change of an organization's resources yields exactly one event in the audit log
 * and on the live stream, with who made it and in which request; members cannot read the log,
 * another organization sees nothing; a resumed stream misses nothing; no secret in any event.
 */
describe("events: audit log and live stream", () => {
  let stack: Stack;
  let alice: Tenant;
  let bob: Tenant;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "credentials", "dns", "clusters", "events"],
      env: { EVENTS_HEARTBEAT_S: "0.5", EVENTS_REPLAY_MAX: "1000" },
    });
    alice = await newTenant(stack, "Events Alice");
    bob = await newTenant(stack, "Events Bob");
  });
  afterAll(async () => {
    await stack.stop();
  });

  const auditOf = async (t: Tenant, query = "") => {
    const res = await t.http.get(`/api/v1/audit-events${query}`);
    assert.equal(res.status, 200, res.text);
    return res.json as DomainEvent[];
  };

  it("create, update and delete of a label: one event each, newest first, with the actor and the request id", async () => {
    const requestId = newId();
    const created = await alice.http.post("/api/v1/labels", { key: "env", value: "prod" }, { headers: { "x-request-id": requestId } });
    assert.equal(created.status, 201, created.text);
    const labelId = (created.json as { id: string }).id;
    assert.equal((await alice.http.patch(`/api/v1/labels/${labelId}`, { value: "staging" })).status, 200);
    assert.equal((await alice.http.delete(`/api/v1/labels/${labelId}`)).status, 204);

    const events = await auditOf(alice, `?resource_id=${labelId}`);
    assert.deepEqual(
      events.map((e) => e.type),
      ["label.deleted", "label.updated", "label.created"],
    );
    const [deleted, updated, first] = events as [DomainEvent, DomainEvent, DomainEvent];
    assert.equal(first.request_id, requestId);
    assert.deepEqual(first.actor, { type: "user", id: alice.user.user_id, email: alice.user.email });
    assert.equal(first.organization_id, alice.orgId);
    assert.equal(first.resource_type, "label");
    assert.deepEqual(first.data, { changed: ["key", "value"], values: { key: "env", value: "prod" } });
    assert.deepEqual(updated.data, { changed: ["value"], values: { value: "staging" } });
    assert.deepEqual(deleted.data, {});
    assert.ok(Date.parse(first.occurred_at) <= Date.parse(deleted.occurred_at));
  });

  it("attaching to a node pool records one event per new attachment (attaching again is not a change); detaching one more", async () => {
    const pool = (await alice.http.post("/api/v1/node-pools", { name: "attach-pool", role: "worker" })).json as { id: string };
    const label = (await alice.http.post("/api/v1/labels", { key: "attach", value: "1" })).json as { id: string };
    for (let i = 0; i < 2; i++) assert.ok((await alice.http.post(`/api/v1/node-pools/${pool.id}/labels`, { label_ids: [label.id] })).status < 300);
    assert.equal((await alice.http.delete(`/api/v1/node-pools/${pool.id}/labels/${label.id}`)).status, 204);
    const events = await auditOf(alice, "?resource_type=node_pool_attachment");
    const mine = events.filter((e) => e.data.node_pool_id === pool.id);
    assert.deepEqual(
      mine.map((e) => e.type),
      ["node_pool_attachment.deleted", "node_pool_attachment.created"],
    );
    assert.deepEqual(mine[1]!.data, { node_pool_id: pool.id, kind: "label", child_id: label.id });
  });

  it("a server's status set by PATCH is an update and a status change (from, to); the same status again is no status change", async () => {
    const key = (await alice.http.post("/api/v1/ssh", { name: "srv-key", comment: "srv@example", type: "ed25519" })).json as { id: string };
    const server = await alice.http.post("/api/v1/servers", { hostname: "status-1", private_ip_address: "10.0.0.5", role: "worker", ssh_user: "root", ssh_key_id: key.id });
    assert.equal(server.status, 201, server.text);
    const id = (server.json as { id: string; status: string }).id;
    const from = (server.json as { status: string }).status;
    const to = from === "ready" ? "failed" : "ready";
    for (let i = 0; i < 2; i++) assert.equal((await alice.http.patch(`/api/v1/servers/${id}`, { status: to })).status, 200);
    const events = (await auditOf(alice, `?resource_id=${id}`)).reverse();
    assert.deepEqual(
      events.map((e) => e.type),
      ["server.created", "server.updated", "server.status_changed", "server.updated"],
    );
    assert.deepEqual(events[2]!.data, { from, to, last_error: "" });
  });

  it("a change that fails records nothing", async () => {
    const before = (await auditOf(alice)).length;
    assert.equal((await alice.http.patch(`/api/v1/labels/${newId()}`, { value: "x" })).status, 404);
    assert.equal((await alice.http.delete(`/api/v1/node-pools/${newId()}`)).status, 404);
    assert.equal((await auditOf(alice)).length, before);
  });

  it("another organization sees none of them; a member is refused; an owner filters and pages", async () => {
    await alice.http.post("/api/v1/labels", { key: "a", value: "1" });
    assert.deepEqual(await auditOf(bob, "?resource_type=label"), []);

    const member = await signIn(stack.broker);
    const added = await stack.http.post(`/api/v1/orgs/${alice.orgId}/members`, { user_id: member.user_id, role: "member" }, { headers: alice.user.bearer });
    assert.ok(added.status < 300, added.text);
    const refused = await stack.http.get("/api/v1/audit-events", { headers: orgHeaders(member, alice.orgId) });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.text.trim(), "forbidden");
    // nor through the live stream, whose Last-Event-ID would replay the same log
    const stream = await openStream(stack.baseUrl, { ...orgHeaders(member, alice.orgId), "last-event-id": newId() });
    assert.equal(stream.status, 403, stream.text);
    assert.match(stream.contentType, /^text\/plain/);
    assert.equal(stream.text, "forbidden");

    const since = encodeURIComponent(new Date(Date.now() - 1).toISOString());
    for (let i = 0; i < 3; i++) assert.equal((await alice.http.post("/api/v1/node-pools", { name: `pool-${i}`, role: "worker" })).status, 201);
    const page1 = await alice.http.get(`/api/v1/audit-events?type=node_pool.*&since=${since}&limit=2`);
    assert.equal(page1.status, 200);
    assert.equal((page1.json as DomainEvent[]).length, 2);
    const link = /^<([^>]+)>; rel="next"$/.exec(page1.headers.get("link") ?? "");
    assert.ok(link, `Link header: ${page1.headers.get("link")}`);
    const page2 = await alice.http.get(link[1]!.replace(/^\/api\/v1/, "/api/v1"));
    assert.equal(page2.status, 200);
    const all = [...(page1.json as DomainEvent[]), ...(page2.json as DomainEvent[])];
    assert.deepEqual(
      all.map((e) => e.type),
      ["node_pool.created", "node_pool.created", "node_pool.created"],
    );
    assert.equal(new Set(all.map((e) => e.id)).size, 3);
    assert.equal((await alice.http.get("/api/v1/audit-events?limit=501")).status, 400);
    assert.equal((await alice.http.get("/api/v1/audit-events?since=yesterday")).status, 400);
    assert.deepEqual(await auditOf(alice, `?type=node_pool.created&until=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`), []);
  });

  it("the live stream sends each change once, only to its organization, and resumes from Last-Event-ID without a gap", async () => {
    const aliceStream = await openStream(stack.baseUrl, alice.h, "?types=ssh_key.*,label.created");
    const bobStream = await openStream(stack.baseUrl, bob.h);
    assert.equal(aliceStream.status, 200);
    assert.match(aliceStream.contentType, /^text\/event-stream/);
    const key = await alice.http.post("/api/v1/ssh", { name: "deploy", comment: "deploy@example", type: "ed25519" });
    assert.equal(key.status, 201, key.text);
    const keyId = (key.json as { id: string }).id;
    await alice.http.post("/api/v1/annotations", { key: "not", value: "matched" });
    await alice.http.post("/api/v1/labels", { key: "live", value: "1" });
    await waitUntil("the stream's events", async () => (aliceStream.events.length >= 2 ? true : undefined));
    assert.deepEqual(
      aliceStream.events.map((e) => e.sseType),
      ["ssh_key.created", "label.created"],
    );
    assert.equal(aliceStream.events[0]!.resource_id, keyId);
    assert.equal(aliceStream.events[0]!.sseId, aliceStream.events[0]!.id);
    await waitUntil("a heartbeat", async () => (aliceStream.comments.includes("heartbeat") ? true : undefined));
    assert.equal(bobStream.events.length, 0);
    // Bob naming Alice's organization gets no stream at all
    const foreign = await openStream(stack.baseUrl, { ...bob.user.bearer, "x-org-id": alice.orgId });
    assert.equal(foreign.status, 403);
    assert.equal((await openStream(stack.baseUrl, {})).status, 401);
    aliceStream.close();
    bobStream.close();

    // three changes while the client is away: the resumed stream replays them, then goes on live
    const lastSeen = aliceStream.events[1]!.id;
    const missed: string[] = [];
    for (const name of ["l1", "l2", "l3"]) missed.push(((await alice.http.post("/api/v1/labels", { key: name, value: "v" })).json as { id: string }).id);
    const resumed = await openStream(stack.baseUrl, { ...alice.h, "last-event-id": lastSeen });
    assert.equal(resumed.status, 200);
    const after = ((await alice.http.post("/api/v1/labels", { key: "l4", value: "v" })).json as { id: string }).id;
    const expected = [...missed, after];
    await waitUntil("the replay and the live event", async () => (resumed.events.at(-1)?.resource_id === after ? true : undefined));
    // the missed ones in order, then the live one; before them may come again what was recorded
    // in the overlap window before the last event seen (never that event itself)
    assert.deepEqual(
      resumed.events.slice(-4).map((e) => e.resource_id),
      expected,
    );
    assert.ok(resumed.events.slice(0, -4).every((e) => !expected.includes(e.resource_id) && e.id !== lastSeen));
    assert.equal(new Set(resumed.events.map((e) => e.id)).size, resumed.events.length);
    resumed.close();
    const bad = await openStream(stack.baseUrl, { ...alice.h, "last-event-id": "not-an-id" });
    assert.equal(bad.status, 400);
  });

  /** An event of `t` as a service's outbox hands it to `events.record`. */
  const draft = (t: Tenant, type: string, id = newId()): DomainEvent => ({
    id,
    organization_id: t.orgId,
    type,
    resource_type: type.split(".")[0]!,
    resource_id: newId(),
    actor: { type: "system", id: "test" },
    request_id: "",
    occurred_at: new Date().toISOString(),
    data: {},
  });
  const record = (events: DomainEvent[]) => stack.broker.call("events.record", { events });

  it("a resumed stream replays in the order the audit log recorded: an event with an older id recorded after the last one seen is not missed", async () => {
    const carol = await newTenant(stack, "Events Carol");
    const live = await openStream(stack.baseUrl, carol.h);
    // ids are made before the change: a slow change (or the relay) records an older id later
    const older = draft(carol, "label.created");
    const newer = draft(carol, "label.created");
    assert.ok(older.id < newer.id);
    await record([newer]);
    await waitUntil("the newer event live", async () => (live.events.some((e) => e.id === newer.id) ? true : undefined));
    live.close();
    await record([older]);
    const resumed = await openStream(stack.baseUrl, { ...carol.h, "last-event-id": newer.id });
    assert.equal(resumed.status, 200);
    await waitUntil("the older event replayed", async () => (resumed.events.some((e) => e.id === older.id) ? true : undefined));
    assert.ok(!resumed.events.some((e) => e.id === newer.id), "the last event seen is not sent again");
    resumed.close();
  });

  it("a member's stream ends when they leave the organization; the other streams, of that organization and another, go on", async () => {
    const carol = await signIn(stack.broker);
    assert.equal((await alice.http.post(`/api/v1/orgs/${alice.orgId}/members`, { user_id: carol.user_id, role: "admin" })).status, 200);
    const carolStream = await openStream(stack.baseUrl, orgHeaders(carol, alice.orgId));
    const aliceStream = await openStream(stack.baseUrl, alice.h);
    const bobStream = await openStream(stack.baseUrl, bob.h);
    assert.deepEqual([carolStream.status, aliceStream.status, bobStream.status], [200, 200, 200]);
    assert.equal((await alice.http.delete(`/api/v1/orgs/${alice.orgId}/members/${carol.user_id}`)).status, 204);
    await waitUntil("Carol's stream to end", async () => (carolStream.ended ? true : undefined));
    await alice.http.post("/api/v1/labels", { key: "after-carol", value: "1" });
    await bob.http.post("/api/v1/labels", { key: "bob-goes-on", value: "1" });
    await waitUntil("the others' events", async () =>
      aliceStream.events.some((e) => JSON.stringify(e.data).includes("after-carol")) && bobStream.events.length > 0 ? true : undefined,
    );
    assert.deepEqual(
      bobStream.events.map((e) => e.organization_id),
      [bob.orgId],
    );
    assert.equal(aliceStream.ended || bobStream.ended, false);
    for (const s of [carolStream, aliceStream, bobStream]) s.close();
  });

  it("a filtered backlog longer than a page is replayed in full; a backlog over EVENTS_REPLAY_MAX ends in a resync event and the stream goes on live", async () => {
    const dave = await newTenant(stack, "Events Dave");
    const first = draft(dave, "taint.created");
    await record([first]);
    // 600 matching events among 600 others while the client is away (more than a page of 500 either way)
    const wanted: string[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const events = Array.from({ length: 400 }, (_, i) => draft(dave, i % 2 === 0 ? "taint.created" : "taint.updated"));
      wanted.push(...events.filter((e) => e.type === "taint.created").map((e) => e.id));
      await record(events);
    }
    const filtered = await openStream(stack.baseUrl, { ...dave.h, "last-event-id": first.id }, "?types=taint.created");
    assert.equal(filtered.status, 200);
    await waitUntil("the whole filtered backlog", async () => (filtered.events.length >= wanted.length ? true : undefined));
    assert.deepEqual(
      filtered.events.map((e) => e.id),
      wanted,
    );
    filtered.close();

    // unfiltered, the same backlog is 1200 events: past EVENTS_REPLAY_MAX (1000 in this stack)
    const all = await openStream(stack.baseUrl, { ...dave.h, "last-event-id": first.id });
    const resync = await waitUntil("the resync event", async () => all.events.find((e) => e.sseType === "resync"));
    assert.equal(all.events.indexOf(resync), 1000);
    assert.equal(resync.sseId, "", "the resync clears the client's Last-Event-ID");
    assert.match((resync as unknown as { reason: string }).reason, /more than 1000 events/);
    const after = draft(dave, "taint.deleted");
    await record([after]);
    await waitUntil("the live event after the resync", async () => (all.events.some((e) => e.id === after.id) ? true : undefined));
    all.close();

    // a Last-Event-ID the audit log cannot place (not a UUIDv7): resync at once, then live
    const unknown = await openStream(stack.baseUrl, { ...dave.h, "last-event-id": "4b0e6f2e-2f4c-4a4e-9f1e-0c1d2e3f4a5b" });
    assert.equal(unknown.status, 200);
    await waitUntil("the resync event", async () => (unknown.events[0]?.sseType === "resync" ? true : undefined));
    unknown.close();
  });

  it("the stream's types: more than 50 patterns or a bad one is a 400", async () => {
    const many = Array.from({ length: 51 }, (_, i) => `kind_${String.fromCharCode(97 + (i % 26))}${i >= 26 ? "x" : ""}.created`).join(",");
    const tooMany = await openStream(stack.baseUrl, alice.h, `?types=${many}`);
    assert.equal(tooMany.status, 400, tooMany.text);
    assert.equal(tooMany.text, "invalid types: at most 50 patterns");
    const bad = await openStream(stack.baseUrl, alice.h, "?types=label.created,Not-A-Pattern");
    assert.equal(bad.status, 400);
    assert.equal(bad.text, "invalid types");
  });

  /** POST through Alice's client that must answer 201: the created resource's id. */
  const create = async (path: string, body: object): Promise<string> => {
    const res = await alice.http.post(path, body);
    assert.equal(res.status, 201, `${path}: ${res.text}`);
    return (res.json as { id: string }).id;
  };
  /** Alice's Route53-hosting credential (domains need one; one per scope and organization). */
  let route53: Promise<string> | undefined;
  const dnsCredential = () =>
    (route53 ??= create("/api/v1/credentials", { ...route53CredentialBody({ access_key_id: "AKIAEVENTS", secret_access_key: `s-${newId()}` }), name: "dns" }));

  /** The types of the audit log's events about one resource, oldest first. */
  const typesOf = async (t: Tenant, resourceId: string) => (await auditOf(t, `?resource_id=${resourceId}`)).reverse().map((e) => e.type);

  it("revealing a secret is an event: an SSH key by reveal=true and by download, a credential's secret", async () => {
    const key = (await alice.http.post("/api/v1/ssh", { name: "reveal", comment: "reveal@example", type: "ed25519" })).json as { id: string };
    const shown = await alice.http.get(`/api/v1/ssh/${key.id}?reveal=true`);
    assert.equal(shown.status, 200);
    assert.match((shown.json as { private_key: string }).private_key, /PRIVATE KEY/);
    assert.equal((await alice.http.get(`/api/v1/ssh/${key.id}`)).status, 200); // not a reveal
    assert.equal((await alice.http.get(`/api/v1/ssh/${key.id}/download?part=public`)).status, 200); // not a reveal either
    assert.equal((await alice.http.get(`/api/v1/ssh/${key.id}/download?part=both`)).status, 200);
    const events = (await auditOf(alice, `?resource_id=${key.id}`)).reverse();
    assert.deepEqual(
      events.map((e) => [e.type, e.data]),
      [
        ["ssh_key.created", events[0]!.data],
        ["ssh_key.revealed", { part: "private", via: "reveal" }],
        ["ssh_key.revealed", { part: "both", via: "download" }],
      ],
    );
    const cred = { id: await dnsCredential() };
    assert.equal((await alice.http.post(`/api/v1/credentials/${cred.id}/reveal`, {})).status, 200);
    assert.deepEqual(await typesOf(alice, cred.id), ["credential.created", "credential.revealed"]);
  });

  it("an organization's creation records its owner's membership; a member joined by e-mail domain is recorded; its deletion is organization.deleted", async () => {
    const owner = await signIn(stack.broker);
    const domain = `events-${newId().slice(-8)}.example.org`;
    const created = await stack.http.post("/api/v1/orgs", { name: "Lifecycle", domain }, { headers: owner.bearer });
    assert.equal(created.status, 201, created.text);
    const orgId = (created.json as { id: string }).id;
    const h = orgHeaders(owner, orgId);
    const log = async () => {
      const res = await stack.http.get("/api/v1/audit-events", { headers: h });
      assert.equal(res.status, 200, res.text);
      return (res.json as DomainEvent[]).reverse();
    };
    assert.deepEqual(
      (await log()).map((e) => [e.type, e.resource_id, e.data.role]),
      [
        ["organization.created", orgId, undefined],
        ["member.created", owner.user_id, "owner"],
      ],
    );
    const joiner = await signIn(stack.broker, `joiner-${newId().slice(-6)}@${domain}`);
    assert.deepEqual(await stack.broker.call("orgs.joinByEmailDomain", { user_id: joiner.user_id, emails: [joiner.email] }), { joined: [orgId] });
    const joined = (await log()).at(-1)!;
    assert.deepEqual([joined.type, joined.resource_id, joined.data], ["member.created", joiner.user_id, { user_id: joiner.user_id, role: "member" }]);

    const stream = await openStream(stack.baseUrl, h, "?types=organization.*");
    assert.equal(stream.status, 200);
    assert.equal((await stack.http.delete(`/api/v1/orgs/${orgId}`, { headers: owner.bearer })).status, 204);
    const deleted = await waitUntil("organization.deleted", async () => stream.events.find((e) => e.type === "organization.deleted"));
    assert.equal(deleted.resource_id, orgId);
    assert.deepEqual(deleted.actor, { type: "user", id: owner.user_id, email: owner.email });
    stream.close();
  });

  it("what a cascade removes is an event each: a node pool's and a server's attachments, a domain's record sets, a cluster's attachments", async () => {
    const key = (await alice.http.post("/api/v1/ssh", { name: "cascade", comment: "c@example", type: "ed25519" })).json as { id: string };
    const server = (await alice.http.post("/api/v1/servers", { hostname: "cascade", private_ip_address: "10.0.0.9", role: "worker", ssh_user: "root", ssh_key_id: key.id }))
      .json as { id: string };
    const label = (await alice.http.post("/api/v1/labels", { key: "cascade", value: "1" })).json as { id: string };
    const pools = await Promise.all(["p1", "p2"].map(async (name) => ((await alice.http.post("/api/v1/node-pools", { name, role: "worker" })).json as { id: string }).id));
    for (const pool of pools) {
      assert.equal((await alice.http.post(`/api/v1/node-pools/${pool}/servers`, { server_ids: [server.id] })).status, 204);
      assert.equal((await alice.http.post(`/api/v1/node-pools/${pool}/labels`, { label_ids: [label.id] })).status, 204);
    }
    const detached = async (filter: (e: DomainEvent) => boolean) =>
      (await auditOf(alice, "?type=node_pool_attachment.deleted&limit=500")).filter(filter).map((e) => `${e.data.node_pool_id as string}/${e.data.kind as string}`);
    assert.equal((await alice.http.delete(`/api/v1/node-pools/${pools[0]!}`)).status, 204);
    assert.deepEqual((await detached((e) => e.data.node_pool_id === pools[0])).sort(), [`${pools[0]!}/label`, `${pools[0]!}/server`]);
    assert.equal((await alice.http.delete(`/api/v1/servers/${server.id}`)).status, 204);
    assert.deepEqual(await detached((e) => e.data.child_id === server.id && e.data.node_pool_id === pools[1]), [`${pools[1]!}/server`]);

    const cred = { id: await dnsCredential() };
    const domain = { id: await create("/api/v1/dns/domains", { credential_id: cred.id, domain_name: "cascade.example.com", zone_id: "zc" }) };
    const rsets = await Promise.all(
      ["a", "b"].map(async (name) => ((await alice.http.post(`/api/v1/dns/domains/${domain.id}/records`, { name, type: "A", values: ["192.0.2.1"] })).json as { id: string }).id),
    );
    assert.equal((await alice.http.delete(`/api/v1/dns/domains/${domain.id}`)).status, 204);
    for (const id of rsets) assert.deepEqual(await typesOf(alice, id), ["record_set.created", "record_set.deleted"]);

    const cluster = (await alice.http.post("/api/v1/clusters", { name: "cascade", provider: "aws", region: "eu" })).json as { id: string };
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster.id}/node-pools`, { node_pool_id: pools[1] })).status, 200);
    const lb = (await alice.http.post("/api/v1/load-balancers", { name: "cascade", kind: "public" })).json as { id: string };
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster.id}/apps-load-balancer`, { load_balancer_id: lb.id })).status, 200);
    assert.equal((await alice.http.delete(`/api/v1/clusters/${cluster.id}`)).status, 204);
    const gone = (await auditOf(alice, "?type=cluster_attachment.deleted&limit=500")).filter((e) => e.data.cluster_id === cluster.id);
    assert.deepEqual(gone.map((e) => e.data.slot).sort(), ["apps_load_balancer", "node_pool"]);
  });

  it("status changes: a PATCH that resets a record set or a domain, a domain edit resetting its record sets, a cluster's reset to pre_pending and a kubeconfig", async () => {
    const cred = { id: await dnsCredential() };
    const domain = { id: await create("/api/v1/dns/domains", { credential_id: cred.id, domain_name: "status.example.com", zone_id: "z1" }) };
    const rs = (await alice.http.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "www", type: "A", values: ["192.0.2.1"] })).json as { id: string };
    assert.equal((await alice.http.patch(`/api/v1/dns/records/${rs.id}`, { status: "ready" })).status, 200);
    assert.equal((await alice.http.patch(`/api/v1/dns/records/${rs.id}`, { ttl: 60 })).status, 200); // any change: back to pending
    assert.equal((await alice.http.patch(`/api/v1/dns/records/${rs.id}`, { status: "ready" })).status, 200);
    assert.equal((await alice.http.patch(`/api/v1/dns/domains/${domain.id}`, { status: "ready" })).status, 200);
    assert.equal((await alice.http.patch(`/api/v1/dns/domains/${domain.id}`, { zone_id: "z2" })).status, 200); // the domain and its record sets back to pending
    const changes = async (id: string) =>
      (await auditOf(alice, `?resource_id=${id}&type=${encodeURIComponent("*")}`))
        .reverse()
        .filter((e) => e.type.endsWith(".status_changed"))
        .map((e) => `${e.data.from as string}>${e.data.to as string}`);
    assert.deepEqual(await changes(rs.id), ["pending>ready", "ready>pending", "pending>ready", "ready>pending"]);
    assert.deepEqual(await changes(domain.id), ["pending>ready", "ready>pending"]);
    const reset = (await auditOf(alice, `?resource_id=${rs.id}&type=record_set.updated`))[0]!;
    assert.deepEqual(reset.data.changed, ["fingerprint", "status"]);

    const cluster = (await alice.http.post("/api/v1/clusters", { name: "status", provider: "aws", region: "eu" })).json as { id: string };
    // the job worker's validation (clusters.validate), run here directly: nothing attached, so incomplete
    const validate = async () => ((await stack.broker.call("clusters.validate", { organization_id: alice.orgId, cluster_id: cluster.id })) as { status: string }).status;
    assert.equal(await validate(), "incomplete");
    assert.equal((await alice.http.patch(`/api/v1/clusters/${cluster.id}`, { region: "us" })).status, 200);
    assert.equal(await validate(), "incomplete");
    const kubeconfig = `apiVersion: v1\nkind: Config\nusers:\n- name: x\n  user:\n    token: kube-${newId()}\n`;
    assert.equal((await alice.http.post(`/api/v1/clusters/${cluster.id}/kubeconfig`, { kubeconfig })).status, 200);
    assert.equal((await alice.http.delete(`/api/v1/clusters/${cluster.id}/kubeconfig`)).status, 200);
    assert.equal((await alice.http.delete(`/api/v1/clusters/${cluster.id}/kubeconfig`)).status, 200); // nothing stored: no change
    const events = (await auditOf(alice, `?resource_id=${cluster.id}`)).reverse();
    assert.deepEqual(
      events.map((e) => (e.type === "cluster.status_changed" ? `${e.data.from as string}>${e.data.to as string}` : `${e.type} ${(e.data.changed as string[]).join()}`)),
      [
        "cluster.created name,provider,region,docker_image,docker_tag,secrets",
        "pre_pending>incomplete",
        "cluster.updated region",
        "incomplete>pre_pending",
        "pre_pending>incomplete",
        "cluster.updated kubeconfig",
        "incomplete>pre_pending",
        "cluster.updated kubeconfig",
      ],
    );
    assert.ok(!JSON.stringify(events).includes(kubeconfig.slice(-20, -1)));
  });

  it("a change undone by its own check records nothing: a record set created while its domain's DELETE decides", async () => {
    const cred = { id: await dnsCredential() };
    const domain = { id: await create("/api/v1/dns/domains", { credential_id: cred.id, domain_name: "undo.example.com", zone_id: "zu" }) };
    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineDnsModels } = await import("../../services/dns/models.ts");
    const db = new ServiceDatabase("dns", defineDnsModels);
    await db.open();
    try {
      // the mark a domain DELETE puts while it decides (the record set is written, then sees it and backs out)
      await db.models.marks.create({ _id: `domain:${domain.id}`, organization_id: alice.orgId, until: new Date(Date.now() + 60_000) });
      const before = (await auditOf(alice, "?type=record_set.*&limit=500")).length;
      const res = await alice.http.post(`/api/v1/dns/domains/${domain.id}/records`, { name: "late", type: "A", values: ["192.0.2.7"] });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.text, "domain not found");
      assert.equal((await auditOf(alice, "?type=record_set.*&limit=500")).length, before);
      assert.equal(await db.models.eventOutbox.countDocuments({ organization_id: alice.orgId }), 0);
    } finally {
      await db.models.marks.deleteMany({ _id: `domain:${domain.id}` });
      await db.close();
    }
  });

  it("without WEBHOOKS_ALLOW_PRIVATE, a webhook URL that reaches loopback, private or link-local addresses is refused (400)", async () => {
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://10.0.0.7/hook",
      "http://192.168.1.1/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/hook",
    ]) {
      const res = await alice.http.post("/api/v1/webhooks", { url, events: ["*"] });
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.equal(res.text, "url not allowed: endpoint resolves to a private or reserved address (not allowed)");
    }
    for (const url of ["https://192.0.2.10/hook", "http://[2001:db8::1]/hook", "http://[fec0::1]/hook", "http://[100::1]/hook"]) {
      const res = await alice.http.post("/api/v1/webhooks", { url, events: ["*"] });
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.equal(res.text, "url not allowed: endpoint resolves to a private or reserved address (not allowed)");
    }
    // a public address (nothing is delivered: the webhook is gone before any event of its types)
    const moved = await alice.http.post("/api/v1/webhooks", { url: "https://198.51.101.10/hook", events: ["*"] });
    assert.equal(moved.status, 201, moved.text);
    const id = (moved.json as { id: string }).id;
    const back = await alice.http.patch(`/api/v1/webhooks/${id}`, { url: "http://127.0.0.1/hook" });
    assert.equal(back.status, 400);
    assert.equal((await alice.http.delete(`/api/v1/webhooks/${id}`)).status, 204);
  });

  it("an event whose delivery was lost (the process died after the change) is delivered by the relay; an intent whose change never happened is dropped", async () => {
    const label = await alice.http.post("/api/v1/labels", { key: "relay", value: "1" });
    const labelId = (label.json as { id: string }).id;
    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineInventoryModels } = await import("../../services/inventory/models.ts");
    const db = new ServiceDatabase("inventory", defineInventoryModels);
    await db.open();
    try {
      const old = new Date(Date.now() - 60_000);
      const event = (id: string, type: string, resource: string) => ({
        id,
        organization_id: alice.orgId,
        type,
        resource_type: "label",
        resource_id: resource,
        actor: { type: "system", id: "test" },
        request_id: "",
        occurred_at: old.toISOString(),
        data: {},
      });
      const happened = newId();
      const never = newId();
      await db.models.eventOutbox.insertMany([
        {
          _id: happened,
          organization_id: alice.orgId,
          event: event(happened, "label.created", labelId),
          check: { collection: "labels", id: labelId, expect: "present" },
          state: "intent",
          created_at: old,
        },
        {
          _id: never,
          organization_id: alice.orgId,
          event: event(never, "label.created", newId()),
          check: { collection: "labels", id: newId(), expect: "present" },
          state: "intent",
          created_at: old,
        },
      ]);
      const result = (await stack.broker.call("inventory.relayEvents", {})) as { delivered: number; dropped: number };
      assert.deepEqual(result, { delivered: 1, dropped: 1 });
      const ids = (await auditOf(alice, `?resource_id=${labelId}`)).map((e) => e.id);
      assert.ok(ids.includes(happened));
      assert.ok(!(await auditOf(alice, "?limit=500")).some((e) => e.id === never));
      assert.equal(await db.models.eventOutbox.countDocuments({}), 0);
      // delivering it again (a relay that died before clearing its outbox) keeps it once
      await stack.broker.call("events.record", { events: [event(happened, "label.created", labelId)] });
      assert.equal((await auditOf(alice, `?resource_id=${labelId}`)).filter((e) => e.id === happened).length, 1);
    } finally {
      await db.close();
    }
  });

  it("an orphaned intent of a conditional status write is confirmed by what the write set, not by a later write to the document", async () => {
    const cred = { id: await dnsCredential() };
    const domain = { id: await create("/api/v1/dns/domains", { credential_id: cred.id, domain_name: "relay.example.com", zone_id: "zr" }) };
    const rsId = await create(`/api/v1/dns/domains/${domain.id}/records`, { name: "relay", type: "A", values: ["192.0.2.8"] });
    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineDnsModels } = await import("../../services/dns/models.ts");
    const { statusChangedDraft } = await import("../../services/dns/status-events.ts");
    const db = new ServiceDatabase("dns", defineDnsModels);
    await db.open();
    try {
      const rs = (await db.models.recordSets.findById(rsId).lean())!;
      // two reconciles that died after writing their intent: one had read the current revision
      // (its write applied), one an old revision (its write never could)
      const old = new Date(Date.now() - 60_000);
      const intent = (revision: string) => {
        const { check, ...draft } = statusChangedDraft(db.models, "record_set", { _id: rsId, organization_id: alice.orgId, revision }, "pending", { status: "ready" });
        const id = newId();
        const event = { ...draft, id, actor: { type: "system" as const, id: "dns.reconcileRecordSet" }, request_id: "", occurred_at: old.toISOString() };
        return { _id: id, organization_id: alice.orgId, event, check, state: "intent" as const, created_at: old };
      };
      const applied = intent(rs.revision);
      const never = intent(newId());
      await db.models.eventOutbox.insertMany([applied, never]);
      await db.models.recordSets.updateOne({ _id: rsId }, { $set: { status: "ready" } });
      // a later write touches the document (a PATCH that leaves status and revision as they are)
      assert.equal((await alice.http.patch(`/api/v1/dns/records/${rsId}`, { status: "ready" })).status, 200);
      assert.deepEqual(await stack.broker.call("dns.relayEvents", {}), { delivered: 1, dropped: 1 });
      const ids = (await auditOf(alice, `?resource_id=${rsId}`)).map((e) => e.id);
      assert.ok(ids.includes(applied._id));
      assert.ok(!ids.includes(never._id));
    } finally {
      await db.close();
    }
  });

  it("the audit log's filters are served by indexes led by organization_id", async () => {
    const { ServiceDatabase } = await import("../../shared/db.ts");
    const { defineEventsModels } = await import("../../services/events/models.ts");
    const db = new ServiceDatabase("events", defineEventsModels);
    await db.open();
    try {
      const indexes = (await db.models.auditEvents.collection.indexes()).map((i) => Object.keys(i.key));
      for (const field of ["type", "resource_type", "resource_id", "actor.id", "occurred_at", "position"]) {
        assert.ok(
          indexes.some((keys) => keys[0] === "organization_id" && keys[1] === field),
          `no index {organization_id, ${field}}: ${JSON.stringify(indexes)}`,
        );
      }
    } finally {
      await db.close();
    }
  });

  // the wider scan, over a journey through every kind of secret (credential reveal, SSH key
  // reveal and download, org keys, cluster join secrets, kubeconfigs, job.failed, webhook delivery
  // bodies, a replayed stream) is in secrets-hygiene.test.ts
  it("no secret appears in any event", async () => {
    const secret = `sk-${newId()}`;
    const cred = await alice.http.post("/api/v1/credentials", {
      provider: "cloudflare",
      kind: "api_token",
      schema_version: 1,
      scope_kind: "provider",
      scope_version: 1,
      scope: {},
      secret: { token: secret },
      name: "cf",
    });
    assert.equal(cred.status, 201, cred.text);
    const key = await alice.http.post("/api/v1/ssh", { name: "scan", comment: "scan@example", type: "ed25519" });
    assert.equal(key.status, 201, key.text);
    const all = JSON.stringify(await auditOf(alice, "?limit=500"));
    assert.ok(all.includes('"credential.created"'));
    assert.ok(!all.includes(secret));
    assert.ok(all.includes('"ssh_key.created"'));
    // field names may say a secret changed; no value of one is ever there
    assert.ok(!/PRIVATE KEY|"(token|secret|private_key)":/.test(all), all);
  });
});
