import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose, { type Connection } from "mongoose";
import { loadService } from "../../runtime/services.ts";
import type { Job } from "../../shared/contracts/jobs.ts";
import type { HttpClient } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";
import { powerdnsCredentialBody } from "../helpers/fixtures.ts";

/** Services that hold organization data (the jobs queue itself keeps payloads naming the org by design). */
const DATA_SERVICES = ["inventory", "credentials", "dns", "clusters", "orgs", "events"] as const;
type DataService = (typeof DATA_SERVICES)[number];

const DNS_CREDENTIAL = powerdnsCredentialBody("pdns-token", "http://127.0.0.1:9");

interface InspectedOrg {
  status: string;
  deletion: { purges: { type: string; job_id: string; rounds: number }[] } | null;
}

/**
 * Deleting an organization removes what it owns in every service, durably, through the jobs
 * queue: with everything running, with a service down during the delete (retried, and
 * re-enqueued after running out of attempts), and with the jobs service itself down.
 */
describe("organization deletion cascades to every service through the jobs queue", () => {
  let stack: Stack;
  let raw: Connection;
  let owner: SignedIn;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "credentials", "dns", "clusters", "jobs", "events", "runner"],
      env: {
        MASTER_KEY: randomBytes(32).toString("base64"),
        JOBS_POLL_MS: "100",
        JOBS_BACKOFF_BASE_MS: "20",
        JOBS_BACKOFF_MAX_MS: "200",
        JOBS_PERIODIC_ENABLED: "false",
      },
    });
    raw = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    owner = await signIn(stack.broker, uniqueEmail("owner"));
  });
  afterAll(async () => {
    await raw.close();
    await stack.stop();
  });

  /** Every document of a service's database that mentions the organization's id anywhere. */
  async function holdings(service: DataService, orgId: string): Promise<string[]> {
    const db = raw.useDb(`${stack.dbPrefix}_${service}`, { useCache: true });
    const found: string[] = [];
    for (const c of await db.listCollections()) {
      const docs = await db.collection(c.name).find({}).toArray();
      const hits = docs.filter((d) => JSON.stringify(d).includes(orgId)).length;
      if (hits > 0) found.push(`${service}.${c.name}: ${hits}`);
    }
    return found;
  }

  async function holdingsEverywhere(orgId: string): Promise<Record<DataService, string[]>> {
    const out = {} as Record<DataService, string[]>;
    for (const s of DATA_SERVICES) out[s] = await holdings(s, orgId);
    return out;
  }

  /** An organization with data in every service: labels and a node pool, a credential, a domain, a cluster. */
  async function populatedOrg(name: string): Promise<{ id: string; http: HttpClient }> {
    const res = await stack.http.post("/api/v1/orgs", { name }, { headers: owner.bearer });
    assert.equal(res.status, 201, res.text);
    const id = res.json.id as string;
    const http = stack.http.with(orgHeaders(owner, id));
    const ok = async (p: Promise<{ status: number; text: string; json: any }>) => {
      const r = await p;
      assert.equal(r.status, 201, r.text);
      return r.json;
    };
    await ok(http.post("/api/v1/labels", { key: "env", value: "prod" }));
    await ok(http.post("/api/v1/node-pools", { name: "pool", role: "worker" }));
    const credential = await ok(http.post("/api/v1/credentials", { ...DNS_CREDENTIAL, name: "dns" }));
    await ok(
      http.post("/api/v1/dns/domains", { credential_id: credential.id, domain_name: `${name.toLowerCase()}-${randomBytes(3).toString("hex")}.example.com`, zone_id: "zone-1" }),
    );
    await ok(http.post("/api/v1/clusters", { name: "c1" }));
    const keyRes = await stack.http.post(`/api/v1/orgs/${id}/api-keys`, { name: "k" }, { headers: owner.bearer });
    assert.equal(keyRes.status, 201);
    return { id, http };
  }

  function assertHoldsEverywhere(h: Record<DataService, string[]>, what: string): void {
    for (const s of DATA_SERVICES) assert.ok(h[s].length > 0, `${what}: expected data in ${s}`);
  }

  async function waitUntilGone(orgId: string, timeoutMs = 60_000): Promise<void> {
    await waitUntil(
      `every service to be empty for ${orgId}`,
      async () => {
        const h = await holdingsEverywhere(orgId);
        return Object.values(h).every((l) => l.length === 0) ? true : undefined;
      },
      timeoutMs,
    );
  }

  const inspect = (id: string) => stack.broker.call("orgs.inspect", { id }) as Promise<InspectedOrg>;

  async function purgeJob(orgId: string, type: string): Promise<Job | undefined> {
    const found = await inspect(orgId).catch(() => undefined);
    const rec = found?.deletion?.purges.find((p) => p.type === type);
    if (!rec) return undefined;
    const [job] = (await stack.broker.call("jobs.getMany", { ids: [rec.job_id] })) as Job[];
    return job;
  }

  async function restart(name: "inventory" | "jobs"): Promise<void> {
    stack.broker.createService(await loadService(name));
    await stack.broker.waitForServices([name], 10_000);
  }

  async function stop(name: "inventory" | "jobs"): Promise<void> {
    await stack.broker.destroyService(stack.broker.getLocalService(name));
  }

  it("with every service running: all data of the organization goes, another organization keeps its own", async () => {
    const doomed = await populatedOrg("Doomed");
    const control = await populatedOrg("Control");
    assertHoldsEverywhere(await holdingsEverywhere(doomed.id), "before the delete");

    const del = await stack.http.delete(`/api/v1/orgs/${doomed.id}`, { headers: owner.bearer });
    assert.equal(del.status, 204);
    await waitUntilGone(doomed.id);

    await assert.rejects(inspect(doomed.id), { code: 404 }, "the orgs service forgot the organization too");
    assertHoldsEverywhere(await holdingsEverywhere(control.id), "the other organization");
    const labels = await control.http.get("/api/v1/labels");
    assert.equal(labels.status, 200);
    assert.equal(labels.json.length, 1);
  });

  it("a service that is down during the delete is purged when it comes back", async () => {
    const doomed = await populatedOrg("Offline");
    await stop("inventory");
    try {
      const del = await stack.http.delete(`/api/v1/orgs/${doomed.id}`, { headers: owner.bearer });
      assert.equal(del.status, 204);
      // the purge keeps failing while inventory is away; the others finish
      const job = await waitUntil("the inventory purge to be retried", async () => {
        const j = await purgeJob(doomed.id, "inventory.purgeOrganization");
        return j && j.attempts >= 2 ? j : undefined;
      });
      assert.notEqual(job.status, "succeeded");
      await waitUntil("the other services to be purged", async () => {
        const h = await holdingsEverywhere(doomed.id);
        return h.credentials.length + h.dns.length + h.clusters.length === 0 ? h : undefined;
      });
      const h = await holdingsEverywhere(doomed.id);
      assert.ok(h.inventory.length > 0, "inventory still holds the data while it is down");
      assert.equal((await inspect(doomed.id)).status, "deleting", "the organization is not finished while a purge is pending");
    } finally {
      await restart("inventory");
    }
    await waitUntilGone(doomed.id);
  });

  it("a purge that ran out of attempts while its service was down is enqueued again (the sweep restarts finishing)", async () => {
    const doomed = await populatedOrg("LongOutage");
    await stop("inventory");
    try {
      assert.equal((await stack.http.delete(`/api/v1/orgs/${doomed.id}`, { headers: owner.bearer })).status, 204);
      await waitUntil("the inventory purge to run out of attempts", async () => {
        const j = await purgeJob(doomed.id, "inventory.purgeOrganization");
        return j?.status === "failed" ? j : undefined;
      });
    } finally {
      await restart("inventory");
    }
    // what the orgs service's timer does every minute
    await stack.broker.call("orgs.sweepDeletions", { older_than_ms: 0 });
    await waitUntilGone(doomed.id);
    const jobs = await raw
      .useDb(`${stack.dbPrefix}_jobs`, { useCache: true })
      .collection("jobs")
      .find({ type: "inventory.purgeOrganization", payload_json: { $regex: doomed.id } })
      .sort({ _id: 1 })
      .toArray();
    // failed while inventory was away (finishing may have re-enqueued it more than once before the
    // restart, each round failing again), then enqueued again and succeeded
    const statuses = jobs.map((j) => j.status);
    assert.ok(statuses.length >= 2, statuses.join());
    assert.equal(statuses.at(-1), "succeeded", statuses.join());
    assert.ok(
      statuses.slice(0, -1).every((s) => s === "failed"),
      statuses.join(),
    );
  });

  it("with the jobs service down, the delete is recorded (204, gone for users) and completed once jobs is back", async () => {
    const doomed = await populatedOrg("NoQueue");
    await stop("jobs");
    try {
      const del = await stack.http.delete(`/api/v1/orgs/${doomed.id}`, { headers: owner.bearer });
      assert.equal(del.status, 204);
      const got = await stack.http.get(`/api/v1/orgs/${doomed.id}`, { headers: owner.bearer });
      assert.equal(got.status, 404);
      assert.equal((await doomed.http.get("/api/v1/labels")).status, 403);
      const state = await inspect(doomed.id);
      assert.equal(state.status, "deleting");
      assert.deepEqual(state.deletion?.purges, [], "nothing could be scheduled");
    } finally {
      await restart("jobs");
    }
    await stack.broker.call("orgs.sweepDeletions", { older_than_ms: 0 });
    await waitUntilGone(doomed.id);
  });
});
