import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ServiceBroker } from "moleculer";
import mongoose, { type Connection } from "mongoose";
import type { Job } from "../../shared/contracts/jobs.ts";
import { HttpClient } from "../helpers/http.ts";
import { orgHeaders, signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { freePort, startNode, waitUntil, type NodeProcess, distributedEnv } from "../helpers/processes.ts";

/**
 * The inventory service runs in its own process. It is stopped, the organization is deleted,
 * and a new inventory process started later still purges the organization's data.
 */
describe("e2e: cascade delete reaches a service process that was down during the delete", () => {
  const common: Record<string, string> = {
    ...distributedEnv(`e2e-orgdel-${randomBytes(4).toString("hex")}`),
    LOG_LEVEL: "warn",
  };
  const processes: NodeProcess[] = [];
  let inventory: NodeProcess;
  let bus: ServiceBroker;
  let raw: Connection;
  let http: HttpClient;
  let owner: SignedIn;

  const startInventory = (name: string) => {
    const p = startNode(name, { ...common, SERVICES: "inventory", NODE_ID: name });
    processes.push(p);
    return p;
  };

  beforeAll(async () => {
    const port = await freePort();
    processes.push(
      startNode("core", {
        ...common,
        SERVICES: "api,auth,orgs,jobs,credentials,dns,clusters,events,runner",
        NODE_ID: "core",
        PORT: String(port),
        JOBS_POLL_MS: "100",
        JOBS_BACKOFF_BASE_MS: "50",
        JOBS_BACKOFF_MAX_MS: "300",
        JOBS_PERIODIC_ENABLED: "false",
      }),
    );
    inventory = startInventory("inventory-1");
    http = new HttpClient(`http://127.0.0.1:${port}`);
    bus = new ServiceBroker({
      namespace: common.NAMESPACE!,
      nodeID: `orgdel-e2e-${randomBytes(3).toString("hex")}`,
      transporter: { type: "NATS", options: { url: common.TRANSPORTER! } },
      serializer: "JSON",
      logger: false,
    });
    await bus.start();
    await bus.waitForServices(["auth", "orgs", "jobs", "credentials", "dns", "clusters", "runner", "inventory"], 60_000);
    raw = await mongoose.createConnection(process.env.MONGO_URL!).asPromise();
    owner = await signIn(bus, uniqueEmail("owner"));
    await waitUntil(
      "the gateway to answer",
      async () => {
        const res = await http.get("/api/v1/orgs", { headers: owner.bearer });
        return res.status === 200 ? res : undefined;
      },
      60_000,
    );
  });

  afterAll(async () => {
    await raw?.close();
    await bus?.stop();
    const codes = await Promise.all(processes.map((p) => p.stop()));
    assert.deepEqual(
      codes,
      processes.map(() => 0),
      "every process exits cleanly on SIGTERM",
    );
  });

  const inventoryDocsOf = async (orgId: string) => raw.useDb(`${common.DB_PREFIX}_inventory`, { useCache: true }).collection("labels").countDocuments({ organization_id: orgId });

  async function orgWithLabel(name: string): Promise<string> {
    const org = await http.post("/api/v1/orgs", { name }, { headers: owner.bearer });
    assert.equal(org.status, 201, org.text);
    const label = await http.post("/api/v1/labels", { key: "k", value: name }, { headers: orgHeaders(owner, org.json.id) });
    assert.equal(label.status, 201, label.text);
    return org.json.id as string;
  }

  it("the organization's inventory data is purged by an inventory process started after the delete", async () => {
    const doomed = await orgWithLabel("doomed");
    const control = await orgWithLabel("control");
    assert.equal(await inventoryDocsOf(doomed), 1);

    assert.equal(await inventory.stop(), 0);
    await waitUntil("the bus to see inventory leave", async () => {
      const services = bus.registry.getServiceList({ onlyAvailable: true }) as { name: string }[];
      return services.some((s) => s.name === "inventory") ? undefined : true;
    });
    const del = await http.delete(`/api/v1/orgs/${doomed}`, { headers: owner.bearer });
    assert.equal(del.status, 204);

    await waitUntil("the inventory purge to be tried and fail while inventory is down", async () => {
      const state = (await bus.call("orgs.inspect", { id: doomed })) as { deletion: { purges: { type: string; job_id: string }[] } | null };
      const rec = state.deletion?.purges.find((p) => p.type === "inventory.purgeOrganization");
      if (!rec) return undefined;
      const [job] = (await bus.call("jobs.getMany", { ids: [rec.job_id] })) as Job[];
      return job && job.attempts >= 2 && job.status !== "succeeded" ? job : undefined;
    });
    assert.equal(await inventoryDocsOf(doomed), 1, "nothing could purge it yet");

    startInventory("inventory-2");
    await bus.waitForServices(["inventory"], 60_000);
    // in a test the queue's backoff is short, so finishing may have run out of attempts meanwhile:
    // run what every orgs replica's timer runs once a minute
    await bus.call("orgs.sweepDeletions", { older_than_ms: 0 });
    await waitUntil(
      "the organization to be purged and forgotten",
      async () => {
        if ((await inventoryDocsOf(doomed)) > 0) return undefined;
        try {
          await bus.call("orgs.inspect", { id: doomed });
          return undefined;
        } catch (err) {
          return (err as { code?: number }).code === 404 ? true : undefined;
        }
      },
      60_000,
    );
    assert.equal(await inventoryDocsOf(control), 1, "another organization keeps its data");
  });
});
