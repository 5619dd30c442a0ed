import { strict as assert } from "node:assert";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { ClusterClient } from "../../clients/typescript/src/index.ts";
import { OrgEventFeed, typeMatches, type DomainEvent, type FeedState } from "../../console/src/tenant/org-events.ts";

/**
 * The tenant pages' live events (console/src/tenant/org-events.ts) over the typed client, against
 * a small HTTP server answering `GET /api/v1/events` as the gateway does: events told to the
 * listeners whose pattern matches, once each although a resumed stream repeats one, the stream
 * resumed after a drop with `Last-Event-ID`, every listener told to reload when it (re)starts and
 * on `resync`; a member's refusal (403) leaves the feed `unavailable` after one request.
 */
describe("console: an organization's live events", () => {
  let server: Server;
  let baseUrl: string;
  const requests: { authorization: string | undefined; lastEventId: string | undefined; org: string | undefined }[] = [];
  let open: ServerResponse | undefined;

  const frame = (id: string, type: string) =>
    `event: ${type}\nid: ${id}\ndata: ${JSON.stringify({ id, type, resource_type: type.split(".")[0], resource_id: "r", occurred_at: "", data: {} })}\n\n`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const lastEventId = req.headers["last-event-id"] as string | undefined;
      requests.push({ authorization: req.headers.authorization, lastEventId, org: req.headers["x-org-id"] as string | undefined });
      if (req.headers.authorization === "Bearer member") {
        res.writeHead(403, { "content-type": "text/plain", "x-error-code": "forbidden" }).end("forbidden");
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (lastEventId === undefined) {
        // the first stream: two events, then the connection drops
        res.write(": heartbeat\n\n");
        res.write(frame("e1", "label.created"));
        res.end(frame("e2", "record_set.status_changed"));
      } else {
        // resumed: the last event again (the overlap), a resync, then a new one; kept open
        res.write(frame("e2", "record_set.status_changed"));
        res.write('event: resync\nid:\ndata: {"reason":"too many"}\n\n');
        res.write(frame("e3", "record_set.updated"));
        open = res;
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    open?.end();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const feedOf = (token: string) => {
    const client = new ClusterClient({ baseUrl, auth: { type: "bearer", accessToken: token }, retries: 0 }).withOrg("org-1");
    return new OrgEventFeed(
      (lastEventId, signal) =>
        client.api.GET("/api/v1/events", {
          params: { header: lastEventId ? { "Last-Event-ID": lastEventId } : {} },
          headers: { Accept: "text/event-stream" },
          parseAs: "stream",
          signal,
        }),
      50,
    );
  };

  const until = async (what: string, check: () => boolean) => {
    for (const end = Date.now() + 5_000; !check();) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("tells each event once to the listeners it matches, resumes after a drop with Last-Event-ID, and asks every listener to reload on (re)start and resync", async () => {
    requests.length = 0;
    const feed = feedOf("owner");
    const labels: (string | undefined)[] = [];
    const records: (string | undefined)[] = [];
    const states: FeedState[] = [];
    feed.onState((s) => states.push(s));
    feed.subscribe(["label.*"], (e?: DomainEvent) => labels.push(e?.id));
    feed.subscribe(["record_set.*"], (e?: DomainEvent) => records.push(e?.id));
    await until("the resumed stream's new event", () => records.includes("e3"));
    feed.close();
    // undefined: "reload" (a stream started, twice, and a resync)
    assert.deepEqual(labels, [undefined, "e1", undefined, undefined]);
    assert.deepEqual(records, [undefined, "e2", undefined, undefined, "e3"]);
    assert.deepEqual(
      requests.map((r) => [r.authorization, r.org, r.lastEventId]),
      [
        ["Bearer owner", "org-1", undefined],
        ["Bearer owner", "org-1", "e2"],
      ],
    );
    assert.deepEqual(states, ["serving", "connecting", "serving"]);
  });

  it("a member's refused stream (403) is not asked again: the feed is unavailable and the pages poll", async () => {
    requests.length = 0;
    const feed = feedOf("member");
    await until("the refusal", () => feed.state === "unavailable");
    await new Promise((r) => setTimeout(r, 300));
    feed.close();
    assert.equal(requests.length, 1);
  });

  it("patterns: `type.*` matches its resource's types, `*` all, anything else itself", () => {
    assert.ok(typeMatches("record_set.*", "record_set.status_changed"));
    assert.ok(!typeMatches("record_set.*", "record_setx.created"));
    assert.ok(!typeMatches("label.*", "record_set.created"));
    assert.ok(typeMatches("*", "cluster.deleted"));
    assert.ok(typeMatches("cluster.deleted", "cluster.deleted"));
    assert.ok(!typeMatches("cluster.deleted", "cluster.created"));
  });
});
