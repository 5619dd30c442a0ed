import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import mongoose from "mongoose";
import { SERVICE_NAMES } from "../../shared/config.ts";
import type { DomainEvent } from "../../shared/contracts/events.ts";
import { openStream } from "../helpers/event-stream.ts";
import { createFixtures, fakeKubeconfig, fixtureAction, type Fixtures } from "../helpers/fixtures.ts";
import type { HttpClient, HttpResponse, RequestOptions } from "../helpers/http.ts";
import { signIn, uniqueEmail, type SignedIn } from "../helpers/principals.ts";
import { waitUntil } from "../helpers/processes.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * Secrets hygiene over a whole journey: every secret the test creates (tokens, refresh tokens, the
 * user API key, the org key and secret, credential secrets, kubeconfigs, an SSH private key, a
 * webhook's signing secret) may appear only in the responses that issue or reveal it, never in
 * another response (body or header: the audit log and a replayed event stream among them), never
 * in a webhook delivery, never in a log line (debug level), and never in plaintext in any database
 * of the stack. The events (audit log, stream, deliveries) hold no cluster join secret either.
 */

interface Recorded {
  label: string;
  status: number;
  /** Body and every header, as one text to search. */
  text: string;
}

interface Secret {
  name: string;
  /** Distinctive pieces: any one found counts as the secret being there. */
  fragments: string[];
  /** Labels of the responses that issue or reveal it (exactly these must contain it). */
  allowedIn: string[];
}

/**
 * A careless DNS host: answers every request 500 with a body echoing the request's headers (its
 * API key, its AWS signature) and body, so a service that copies a host's answer into
 * `last_error` or a log line would leak the credential.
 */
async function startEchoingHost(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const echo = `upstream error; you sent ${JSON.stringify(req.headers)} ${Buffer.concat(chunks).toString()}`;
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(echo);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A webhook receiver that keeps every body it is sent. */
async function startReceiver(): Promise<{ url: string; bodies: string[]; close: () => Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The base64 lines of a PEM body (each line is unique to the key; JSON escaping keeps them intact). */
function pemLines(pem: string): string[] {
  return pem.split("\n").filter((l) => l.length >= 40 && !l.startsWith("-----"));
}

/** Values of a kubeconfig that only it holds. */
function kubeconfigFragments(text: string): string[] {
  return [...text.matchAll(/(?:token|client-key-data): (\S+)/g)].map((m) => m[1]!);
}

describe("secrets hygiene over a whole journey", () => {
  let stack: Stack;
  let mongo: mongoose.mongo.MongoClient;
  const responses: Recorded[] = [];
  const secrets: Secret[] = [];
  let fixtures: Fixtures;
  let host: Awaited<ReturnType<typeof startEchoingHost>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** What the events of the journey carried: the audit log, a replayed stream, the deliveries. */
  let eventTexts: { label: string; text: string }[] = [];
  /** The cluster's join secrets (every Cluster response shows them; no event may). */
  let joinSecrets: string[] = [];

  function record(label: string, res: HttpResponse): HttpResponse {
    assert.ok(!responses.some((r) => r.label === label), `duplicate label ${label}`);
    responses.push({ label, status: res.status, text: `${res.text}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}` });
    return res;
  }
  async function call(label: string, method: string, path: string, opts: RequestOptions = {}, status = 200): Promise<any> {
    const res = record(label, await stack.http.request(method, path, opts));
    assert.equal(res.status, status, `${label}: ${res.text.slice(0, 300)}`);
    return res.json;
  }
  /** A client whose responses are all recorded (the fixture helper's calls). */
  async function recordingFixtures(c: HttpClient, prefix: string): Promise<Fixtures> {
    let n = 0;
    const action = await fixtureAction(stack);
    return createFixtures(c, { action, sshKeyType: "ed25519", powerdnsApiUrl: host.url, onResponse: (what, res) => void record(`${prefix} ${++n} ${what}`, res) });
  }

  beforeAll(async () => {
    host = await startEchoingHost();
    receiver = await startReceiver();
    // no reuse grace: the immediate replay of a spent refresh token below is reuse, refused; quick
    // retries, so the DNS reconciles against the echoing host run out of attempts (job.failed)
    const env = {
      LOG_LEVEL: "debug",
      JOBS_WORKER_ENABLED: "true",
      DNS_ROUTE53_ENDPOINT: host.url,
      DNS_ALLOW_PRIVATE_ENDPOINTS: "true",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      JOBS_BACKOFF_BASE_MS: "50",
      JOBS_BACKOFF_MAX_MS: "200",
      REFRESH_REUSE_GRACE_SECONDS: "0",
    };
    stack = await startStack({ services: [...SERVICE_NAMES], env });
    mongo = await new mongoose.mongo.MongoClient(process.env.MONGO_URL!).connect();

    // sign in (the dev login, over the bus: its tokens are never in any HTTP response), then refresh
    const first: SignedIn = await signIn(stack.broker, uniqueEmail("hygiene"));
    secrets.push({ name: "dev-login access token", fragments: [first.tokens.access_token], allowedIn: [] });
    secrets.push({ name: "dev-login refresh token", fragments: [first.tokens.refresh_token], allowedIn: [] });
    assert.equal((await call("me with the dev-login token", "GET", "/api/v1/me", { headers: first.bearer })).id, first.user_id);
    const pair = await call("refresh", "POST", "/api/v1/auth/refresh", { body: { refresh_token: first.tokens.refresh_token } });
    secrets.push({ name: "refreshed access token", fragments: [pair.access_token], allowedIn: ["refresh"] });
    secrets.push({ name: "refreshed refresh token", fragments: [pair.refresh_token], allowedIn: ["refresh"] });
    const bearer = { authorization: `Bearer ${pair.access_token}` };
    // a replay of the spent refresh token is refused (and must not echo it)
    await call("refresh replay", "POST", "/api/v1/auth/refresh", { body: { refresh_token: first.tokens.refresh_token } }, 401);

    const org = await call("create org", "POST", "/api/v1/orgs", { headers: bearer, body: { name: "Hygiene" } }, 201);
    const userKey = await call("create user API key", "POST", "/api/v1/me/api-keys", { headers: bearer, body: { name: "hygiene" } }, 201);
    secrets.push({ name: "user API key", fragments: [userKey.plain], allowedIn: ["create user API key"] });
    const orgKey = await call("create org key", "POST", `/api/v1/orgs/${org.id}/api-keys`, { headers: bearer, body: { name: "hygiene" } }, 201);
    secrets.push({ name: "org key", fragments: [orgKey.org_key], allowedIn: ["create org key"] });
    secrets.push({ name: "org secret", fragments: [orgKey.org_secret], allowedIn: ["create org key"] });
    await call("list user API keys", "GET", "/api/v1/me/api-keys", { headers: { "x-api-key": userKey.plain } });
    await call("list org keys", "GET", `/api/v1/orgs/${org.id}/api-keys`, { headers: bearer });
    await call("me by API key", "GET", "/api/v1/me", { headers: { "x-api-key": userKey.plain } });

    const byUser = stack.http.with({ ...bearer, "x-org-id": org.id });
    // every event of the organization is delivered to a receiver that keeps the bodies
    const hook = await call("create webhook", "POST", "/api/v1/webhooks", { headers: { ...bearer, "x-org-id": org.id }, body: { url: receiver.url, events: ["*"] } }, 201);
    secrets.push({ name: "webhook signing secret", fragments: [hook.secret], allowedIn: ["create webhook"] });
    const byApiKey = { "x-api-key": userKey.plain, "x-org-id": org.id };
    const byOrgKey = { "x-org-key": orgKey.org_key, "x-org-secret": orgKey.org_secret };

    // one resource of every kind: two credentials with secrets and a cluster kubeconfig among them
    fixtures = await recordingFixtures(byUser, "fixtures");
    const r53 = fixtures.secrets.route53;
    const pdns = fixtures.secrets.powerdns;
    secrets.push({ name: "route53 access key id", fragments: [r53.access_key_id], allowedIn: ["reveal route53 credential"] });
    secrets.push({ name: "route53 secret access key", fragments: [r53.secret_access_key], allowedIn: ["reveal route53 credential"] });
    secrets.push({ name: "first powerdns token", fragments: [pdns.token], allowedIn: [] });
    secrets.push({ name: "first kubeconfig", fragments: kubeconfigFragments(fixtures.secrets.kubeconfig), allowedIn: [] });

    // reveal one credential (by the org key); rotate the other's secret (never revealed)
    const revealed = await call("reveal route53 credential", "POST", `/api/v1/credentials/${fixtures.route53Credential.id}/reveal`, { headers: byOrgKey, body: {} });
    assert.equal(revealed.secret_access_key ?? revealed.secret?.secret_access_key, r53.secret_access_key);
    const rotated = { token: `pdns-rotated-${randomBytes(16).toString("hex")}`, api_url: "http://127.0.0.1:9", server_id: "localhost" };
    secrets.push({ name: "rotated powerdns token", fragments: [rotated.token], allowedIn: [] });
    await call("rotate powerdns secret", "PATCH", `/api/v1/credentials/${fixtures.powerdnsCredential.id}`, { headers: byApiKey, body: { secret: rotated } });
    await call("get credential", "GET", `/api/v1/credentials/${fixtures.powerdnsCredential.id}`, { headers: byApiKey });
    await call("list credentials", "GET", "/api/v1/credentials", { headers: byOrgKey });
    // a refused create must not echo the secret it carried
    const badSecret = `never-echoed-${randomBytes(12).toString("hex")}`;
    secrets.push({ name: "secret of a refused credential", fragments: [badSecret], allowedIn: [] });
    await call(
      "refused credential",
      "POST",
      "/api/v1/credentials",
      { headers: byApiKey, body: { provider: "aws", kind: "api_token", schema_version: 1, scope_kind: "provider", scope_version: 1, scope: {}, secret: { token: badSecret } } },
      400,
    );
    await call(
      "refused credential (wrong secret type)",
      "POST",
      "/api/v1/credentials",
      {
        headers: byApiKey,
        body: {
          provider: "generic",
          kind: "basic_auth",
          schema_version: 1,
          scope_kind: "provider",
          scope_version: 1,
          scope: {},
          secret: { username: 1, password: { nested: badSecret } },
        },
      },
      400,
    );

    // an RSA key: reveal and download the private key (the two answers that may hold it)
    const rsa = await call("create rsa ssh key", "POST", "/api/v1/ssh", { headers: byOrgKey, body: { name: "hygiene-rsa", type: "rsa", bits: 2048 } }, 201);
    const shown = await call("reveal ssh key", "GET", `/api/v1/ssh/${rsa.id}?reveal=true`, { headers: byApiKey });
    assert.match(shown.private_key, /^-----BEGIN RSA PRIVATE KEY-----\n/);
    const download = record("download private key", await stack.http.get(`/api/v1/ssh/${rsa.id}/download?part=private`, { headers: byOrgKey }));
    assert.equal(download.status, 200);
    assert.equal(download.text, shown.private_key);
    secrets.push({ name: "ssh private key (rsa)", fragments: pemLines(shown.private_key), allowedIn: ["reveal ssh key", "download private key"] });
    const edShown = await call("reveal fixture ssh key", "GET", `/api/v1/ssh/${fixtures.sshKey.id}?reveal=true`, { headers: byApiKey });
    secrets.push({ name: "ssh private key (ed25519)", fragments: pemLines(edShown.private_key), allowedIn: ["reveal fixture ssh key"] });
    await call("get ssh key", "GET", `/api/v1/ssh/${rsa.id}`, { headers: byApiKey });
    await call("list ssh keys", "GET", "/api/v1/ssh", { headers: byApiKey });
    await call("download public key", "GET", `/api/v1/ssh/${rsa.id}/download?part=public`, { headers: byApiKey });
    await call("download both", "GET", `/api/v1/ssh/${rsa.id}/download?part=both`, { headers: byApiKey });

    // replace the kubeconfig (by the org key); read the cluster back every way
    const second = fakeKubeconfig("second");
    secrets.push({ name: "second kubeconfig", fragments: kubeconfigFragments(second), allowedIn: [] });
    await call("replace kubeconfig", "POST", `/api/v1/clusters/${fixtures.cluster.id}/kubeconfig`, { headers: byOrgKey, body: { kubeconfig: second } });
    await call("get cluster", "GET", `/api/v1/clusters/${fixtures.cluster.id}`, { headers: byApiKey });
    await call("list clusters", "GET", "/api/v1/clusters", { headers: byOrgKey });
    const tooBig = `${second}\n${"x".repeat(600 * 1024)}`;
    await call("refused kubeconfig", "POST", `/api/v1/clusters/${fixtures.cluster.id}/kubeconfig`, { headers: byOrgKey, body: { kubeconfig: tooBig } }, 400);

    // authentication failures carrying secrets must not echo them
    await call("wrong org secret", "GET", "/api/v1/labels", { headers: { "x-org-key": orgKey.org_key, "x-org-secret": `orgsec_${randomBytes(32).toString("base64url")}` } }, 401);
    await call("key and bearer together", "GET", "/api/v1/labels", { headers: { ...byOrgKey, ...bearer } }, 401);
    await call("api key on a bearer-only route", "GET", "/api/v1/orgs", { headers: { "x-api-key": userKey.plain } }, 401);
    await call("refresh token as bearer", "GET", "/api/v1/me", { headers: { authorization: `Bearer ${pair.refresh_token}` } }, 401);
    await call("refresh token in a wrong field", "POST", "/api/v1/auth/refresh", { body: { refresh_token: { $ne: pair.refresh_token } } }, 400);

    // DNS reconciles reach the hosts with the secrets (powerdns API key, route53 signature): a
    // route53 domain too, then wait until both failed against the echoing host
    const r53Domain = await call(
      "route53 domain",
      "POST",
      "/api/v1/dns/domains",
      { headers: byApiKey, body: { credential_id: fixtures.route53Credential.id, domain_name: `r53-${randomBytes(3).toString("hex")}.example.com` } },
      201,
    );
    await call(
      "route53 record set",
      "POST",
      `/api/v1/dns/domains/${r53Domain.id}/records`,
      { headers: byApiKey, body: { name: "www", type: "A", ttl: 60, values: ["192.0.2.7"] } },
      201,
    );
    let polls = 0;
    await waitUntil("both domains to record a failure from the DNS hosts", async () => {
      const res = record(`poll domains ${++polls}`, await stack.http.get("/api/v1/dns/domains", { headers: byOrgKey }));
      const domains = res.json as { last_error: string }[];
      return domains.length === 2 && domains.every((d) => d.last_error !== "") ? domains : undefined;
    });
    assert.ok(host.requests() >= 2, "the hosts were called");
    const errors = ((await stack.http.get("/api/v1/dns/domains", { headers: byOrgKey })).json as { last_error: string }[]).map((d) => d.last_error).sort();
    assert.equal(errors.length, 2);
    errors.forEach((e, i) => {
      assert.ok(e.startsWith(["powerdns: ", "route53: "][i]!), e);
      assert.ok(e.length < 80 && !e.includes("you sent"), `last_error is short and never echoes the host's answer: ${e}`);
    });
    await call("list record sets", "GET", `/api/v1/dns/domains/${r53Domain.id}/records`, { headers: byOrgKey });

    // an operator looks at the job queue (payloads of the reconcile jobs the journey caused)
    const admin = await signIn(stack.broker, uniqueEmail("admin"), { admin: true });
    const jobs = await call("admin job list", "GET", "/api/v1/admin/worker/jobs?page_size=100", { headers: admin.bearer });
    assert.ok(jobs.total > 0, "the journey enqueued jobs");
    await call("admin queues", "GET", "/api/v1/admin/worker/queues", { headers: admin.bearer });
    // this round's admin views and conditional answers: their bodies and headers (ETag) are scanned too
    await call("admin periodic jobs", "GET", "/api/v1/admin/worker/periodic", { headers: admin.bearer });
    await call("admin last hour", "GET", "/api/v1/admin/worker/stats", { headers: admin.bearer });
    await call("admin bulk retry", "POST", "/api/v1/admin/worker/jobs/bulk-retry", { headers: admin.bearer, body: { queue: "hygiene-none", max: 1 } });
    await call("admin users", "GET", "/api/v1/admin/users?limit=1000", { headers: admin.bearer });
    await call("admin organization search", "GET", "/api/v1/admin/organizations?q=Hygiene", { headers: admin.bearer });
    await call(
      "a credential's stale If-Match",
      "PATCH",
      `/api/v1/credentials/${fixtures.route53Credential.id}`,
      { headers: { ...byOrgKey, "if-match": '"stale"' }, body: { name: "never" } },
      412,
    );

    // the events of the journey: the audit log (its job.failed too), a stream replaying it, the deliveries
    const cluster = await call("cluster for its join secrets", "GET", `/api/v1/clusters/${fixtures.cluster.id}`, { headers: byApiKey });
    joinSecrets = [cluster.certificate_key, cluster.random_token];
    const orgHeaders = { ...bearer, "x-org-id": org.id };
    await waitUntil("a job of the organization to fail for good (job.failed)", async () => {
      const failed = (await stack.http.get("/api/v1/audit-events?type=job.failed", { headers: orgHeaders })).json as DomainEvent[];
      return failed.length > 0 ? true : undefined;
    });
    const log: DomainEvent[] = [];
    for (let url: string | undefined = "/api/v1/audit-events?limit=500"; url !== undefined;) {
      const page = record(`audit log ${log.length}`, await stack.http.get(url, { headers: orgHeaders }));
      assert.equal(page.status, 200, page.text);
      log.push(...(page.json as DomainEvent[]));
      url = /^<([^>]+)>; rel="next"$/.exec(page.headers.get("link") ?? "")?.[1];
    }
    const types = new Set(log.map((e) => e.type));
    for (const t of ["credential.revealed", "ssh_key.revealed", "org_key.created", "cluster.created", "cluster.updated", "job.failed"])
      assert.ok(types.has(t), `${t} in ${[...types].join()}`);
    const oldest = log.at(-1)!;
    const replay = await openStream(stack.baseUrl, { ...orgHeaders, "last-event-id": oldest.id });
    assert.equal(replay.status, 200);
    await waitUntil("the stream to replay the audit log", async () => (replay.events.length >= log.length - 1 ? true : undefined));
    replay.close();
    await waitUntil("every event delivered to the webhook", async () => (receiver.bodies.length >= log.length - 1 ? true : undefined));
    eventTexts = [
      { label: "audit log", text: JSON.stringify(log) },
      { label: "event stream replay", text: JSON.stringify(replay.events) },
      ...receiver.bodies.map((text, i) => ({ label: `delivery ${i}`, text })),
    ];

    // end of the journey: log out (the family is revoked)
    await call("logout", "POST", "/api/v1/auth/logout", { body: { refresh_token: pair.refresh_token } }, 204);
  });
  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
    await host?.close();
    await receiver?.close();
  });

  it("each secret appears exactly in the responses that issue or reveal it (body or header), in no other", () => {
    assert.ok(responses.length > 50, `${responses.length} responses`);
    assert.ok(secrets.length >= 15);
    const problems: string[] = [];
    for (const s of secrets) {
      assert.ok(s.fragments.length > 0 && s.fragments.every((f) => f.length >= 16), `${s.name}: distinctive fragments`);
      const holders = responses.filter((r) => s.fragments.some((f) => r.text.includes(f))).map((r) => r.label);
      if (JSON.stringify(holders) !== JSON.stringify(s.allowedIn)) problems.push(`${s.name}: found in ${JSON.stringify(holders)}, allowed in ${JSON.stringify(s.allowedIn)}`);
    }
    assert.deepEqual(problems, []);
  });

  it("no event holds a secret: the audit log, a replayed stream and every webhook delivery (reveals, downloads, org keys, kubeconfigs, job.failed included)", () => {
    assert.ok(eventTexts.length > 20, `${eventTexts.length} texts`);
    assert.ok(joinSecrets.every((j) => j.length >= 16));
    const problems: string[] = [];
    for (const { label, text } of eventTexts) {
      for (const s of secrets) if (s.fragments.some((f) => text.includes(f))) problems.push(`${s.name} in ${label}`);
      if (joinSecrets.some((j) => text.includes(j))) problems.push(`a cluster join secret in ${label}`);
      if (/PRIVATE KEY|apiVersion: v1|whsec_/.test(text)) problems.push(`a key, kubeconfig or signing secret in ${label}`);
    }
    assert.deepEqual(problems, []);
  });

  it("no log line holds any secret (debug level, every service in the process)", () => {
    assert.ok(stack.logs.length > 50, `${stack.logs.length} log lines`);
    assert.ok(
      stack.logs.some((l) => l.includes("ssh private key revealed")),
      "the log was captured",
    );
    const problems: string[] = [];
    for (const line of stack.logs) {
      for (const s of secrets) if (s.fragments.some((f) => line.includes(f))) problems.push(`${s.name}: ${line.slice(0, 300)}`);
      if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(line)) problems.push(`a PEM header: ${line.slice(0, 300)}`);
    }
    assert.deepEqual(problems, []);
  });

  it("no database of the stack stores any secret in plaintext (credentials, ssh keys, kubeconfigs, tokens, keys)", async () => {
    const { databases } = await mongo.db("admin").admin().listDatabases({ nameOnly: true });
    const mine = databases.map((d) => d.name).filter((n) => n.startsWith(`${stack.dbPrefix}_`));
    for (const service of ["credentials", "inventory", "clusters", "auth", "orgs"]) assert.ok(mine.includes(`${stack.dbPrefix}_${service}`), `database of ${service}`);
    let documents = 0;
    const problems: string[] = [];
    const texts = (v: unknown): string[] => {
      if (v instanceof mongoose.mongo.Binary) {
        const buf = Buffer.from(v.buffer);
        return [buf.toString("utf8"), buf.toString("latin1")];
      }
      if (Buffer.isBuffer(v)) return [v.toString("utf8")];
      if (typeof v === "string") return [v];
      if (v && typeof v === "object") return Object.values(v).flatMap(texts);
      return [];
    };
    for (const name of mine) {
      const db = mongo.db(name);
      for (const { name: coll } of await db.listCollections({}, { nameOnly: true }).toArray()) {
        for (const doc of await db.collection(coll).find({}).toArray()) {
          documents++;
          const all = [JSON.stringify(doc), ...texts(doc)];
          for (const s of secrets) if (s.fragments.some((f) => all.some((t) => t.includes(f)))) problems.push(`${s.name} in ${name}.${coll} ${String(doc._id)}`);
          if (all.some((t) => /PRIVATE KEY-----|apiVersion: v1/.test(t))) problems.push(`plaintext key or kubeconfig in ${name}.${coll} ${String(doc._id)}`);
        }
      }
    }
    assert.ok(documents > 30, `${documents} documents scanned`);
    assert.deepEqual(problems, []);
    // the encrypted forms are there (the scan looked at the right documents)
    const kube = await mongo.db(`${stack.dbPrefix}_clusters`).collection("cluster_kubeconfigs").countDocuments({});
    assert.equal(kube, 1);
  });
});
