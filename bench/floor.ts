import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import mongoose from "mongoose";

/**
 * The floor `bench:api` measures the API against: the same routes on a bare Node `http` server
 * calling the same MongoDB driver (mongoose's, without mongoose) on the same database, with no
 * framework, no validation and no authentication beyond one indexed lookup of the API key. It
 * answers what the API answers (the same JSON for a label), so a ratio to it is the price of
 * everything else: the framework, validation, authorization, events, audit and metrics.
 *   MONGO_URL=… DB_PREFIX=… PORT=… node --import tsx bench/floor.ts   (prints `ready` once listening)
 * Routes: GET /api/v1/healthz; GET /api/v1/labels (the newest 50); GET /api/v1/labels/{id};
 * POST /api/v1/labels {key, value}; the last three with X-API-KEY and X-Org-ID.
 */
const { MongoClient } = mongoose.mongo;
const client = new MongoClient(process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017/");
const prefix = process.env.DB_PREFIX ?? "";
const apiKeys = client.db(`${prefix}_auth`).collection<{ _id: string; hash: string; revoked: boolean }>("api_keys");
const labels = client.db(`${prefix}_inventory`).collection<LabelDoc>("labels");

interface LabelDoc {
  _id: string;
  organization_id: string;
  key: string;
  value: string;
  created_at: Date;
  updated_at: Date;
}

const HEALTHY = JSON.stringify({ status: "ok" });
const LABEL_PATH = /^\/api\/v1\/labels\/([0-9a-f-]{36})$/;

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

const toLabel = (d: LabelDoc) => ({
  id: d._id,
  organization_id: d.organization_id,
  key: d.key,
  value: d.value,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
});

/** The one indexed lookup: the key by its hash, as the API stores it. */
async function authorized(req: IncomingMessage): Promise<string | undefined> {
  const key = req.headers["x-api-key"];
  const org = req.headers["x-org-id"];
  if (typeof key !== "string" || typeof org !== "string") return undefined;
  const found = await apiKeys.findOne({ hash: createHash("sha256").update(key).digest("hex") }, { projection: { revoked: 1 } });
  return found && !found.revoked ? org : undefined;
}

async function body(req: IncomingMessage): Promise<{ key: string; value: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { key: string; value: string };
}

type Answer = [status: number, body: string];
const NOT_FOUND: Answer = [404, '{"error":"not found"}'];

async function handle(req: IncomingMessage): Promise<Answer> {
  const url = req.url ?? "";
  if (url === "/api/v1/healthz") return [200, HEALTHY];
  const org = await authorized(req);
  if (!org) return [401, '{"error":"unauthorized"}'];
  if (url === "/api/v1/labels" && req.method === "GET") {
    const page = await labels.find({ organization_id: org }).sort({ _id: -1 }).limit(50).toArray();
    return [200, JSON.stringify(page.map(toLabel))];
  }
  if (url === "/api/v1/labels" && req.method === "POST") {
    const { key, value } = await body(req);
    const now = new Date();
    const doc = { _id: randomUUID(), organization_id: org, key, value, created_at: now, updated_at: now };
    await labels.insertOne(doc);
    return [201, JSON.stringify(toLabel(doc))];
  }
  const id = LABEL_PATH.exec(url)?.[1];
  if (id && req.method === "GET") {
    const doc = await labels.findOne({ _id: id, organization_id: org });
    return doc ? [200, JSON.stringify(toLabel(doc))] : NOT_FOUND;
  }
  return NOT_FOUND;
}

await client.connect();
createServer((req, res) => {
  handle(req).then(
    ([status, body]) => send(res, status, body),
    (err: unknown) => send(res, 500, JSON.stringify({ error: String(err) })),
  );
}).listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => process.stdout.write("ready\n"));
