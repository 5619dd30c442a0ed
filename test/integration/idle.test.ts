import { strict as assert } from "node:assert";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { SERVICE_NAMES } from "../../shared/config.ts";
import { startQueryLog, type QueryLog } from "../helpers/query-log.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * An idle system costs next to nothing (bench/README.md measures its CPU: `npm run bench:api`):
 * with every service, the job worker and the periodic jobs running and no request, the
 * database hears a few queries per poll interval, not a stream of them.
 */
describe("an idle system", () => {
  let log: QueryLog;
  let stack: Stack;

  beforeAll(async () => {
    log = await startQueryLog(process.env.MONGO_URL!);
    stack = await startStack({ services: [...SERVICE_NAMES], env: { MONGO_URL: log.url } });
  });
  afterAll(async () => {
    await stack?.stop();
    await log?.close();
  });

  it("sends a handful of queries in 10 s (one job scan per 5 s poll, the periodic jobs once a minute)", async () => {
    // start-up work (indexes, the periodic jobs of this minute) settles first
    await new Promise((r) => setTimeout(r, 3_000));
    const from = log.queries.length;
    await new Promise((r) => setTimeout(r, 10_000));
    const sent = log.queries.slice(from).filter((q) => q.db.startsWith(`${stack.dbPrefix}_`));
    const summary = sent.map((q) => `${q.command} ${q.collection}`).join(", ");
    assert.ok(sent.length <= 80, `${sent.length} queries in 10 s: ${summary}`);
    const scans = sent.filter((q) => q.command === "find" && q.collection === "jobs" && "status" in q.filter);
    assert.ok(scans.length >= 1 && scans.length <= 4, `job scans: ${scans.length}`);
  });
});
