import { strict as assert } from "node:assert";
import { afterEach, beforeEach, describe, it, jest } from "@jest/globals";
import { Poller } from "../../console/src/poller.ts";

/**
 * The operator console's auto-refresh (console/src/poller.ts, under usePolling): one request at a
 * time, the next `everyMs` after the previous answer, aborted when the page moves on. Jest's fake
 * clock stands in for the seconds a slow API takes; each request is a promise the test settles.
 */

const EVERY_MS = 3_000;

interface Request {
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (err: Error) => void;
}

function harness(opts: { visible?: () => boolean } = {}) {
  const requests: Request[] = [];
  const shown: string[] = [];
  const errors: string[] = [];
  const poller = new Poller<string>({
    load: (signal) =>
      new Promise<string>((resolve, reject) => {
        requests.push({ signal, resolve, reject });
      }),
    everyMs: EVERY_MS,
    visible: opts.visible ?? (() => true),
    onData: (data) => shown.push(data),
    onError: (err) => errors.push((err as Error).message),
  });
  return { poller, requests, shown, errors };
}

/** Moves the fake clock on, running the timers and the promise callbacks they lead to. */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe("console auto-refresh (Poller)", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("waits for a slow answer: no new request while one is in flight, the answer is shown, the next starts everyMs after it", async () => {
    const { poller, requests, shown } = harness();
    poller.start(true);
    assert.equal(requests.length, 1);
    // the API takes four intervals to answer: nobody asks again meanwhile, nothing is discarded
    await advance(EVERY_MS * 4);
    assert.equal(requests.length, 1, "one request in flight at a time");
    assert.equal(requests[0]!.signal.aborted, false);
    requests[0]!.resolve("first");
    await advance(0);
    assert.deepEqual(shown, ["first"]);
    await advance(EVERY_MS - 1);
    assert.equal(requests.length, 1, "not before everyMs after the answer");
    await advance(1);
    assert.equal(requests.length, 2);
    requests[1]!.resolve("second");
    await advance(0);
    assert.deepEqual(shown, ["first", "second"]);
    poller.stop();
  });

  it("a failure is reported and the next request follows it like an answer", async () => {
    const { poller, requests, shown, errors } = harness();
    poller.start(true);
    requests[0]!.reject(new Error("service unavailable"));
    await advance(0);
    assert.deepEqual(errors, ["service unavailable"]);
    await advance(EVERY_MS);
    assert.equal(requests.length, 2);
    requests[1]!.resolve("back");
    await advance(0);
    assert.deepEqual(shown, ["back"]);
    poller.stop();
  });

  it("stop (the page left, or its filters changed) aborts the request in flight, drops its answer and asks no more", async () => {
    const { poller, requests, shown, errors } = harness();
    poller.start(true);
    poller.stop();
    assert.equal(requests[0]!.signal.aborted, true);
    requests[0]!.resolve("too late");
    await advance(EVERY_MS * 3);
    assert.deepEqual([shown, errors, requests.length], [[], [], 1]);
  });

  it("reload (after an action) aborts the request in flight and asks now; only the new answer is shown", async () => {
    const { poller, requests, shown } = harness();
    poller.start(true);
    poller.reload();
    assert.equal(requests.length, 2);
    assert.deepEqual(
      requests.map((r) => r.signal.aborted),
      [true, false],
    );
    requests[0]!.reject(new Error("aborted"));
    requests[1]!.resolve("fresh");
    await advance(0);
    assert.deepEqual(shown, ["fresh"]);
    poller.stop();
  });

  it("auto-refresh off: one request, none after it; switched on: asks at once, then keeps asking", async () => {
    const { poller, requests } = harness();
    poller.start(false);
    requests[0]!.resolve("once");
    await advance(EVERY_MS * 3);
    assert.equal(requests.length, 1);
    poller.setLive(true);
    assert.equal(requests.length, 2);
    requests[1]!.resolve("again");
    await advance(EVERY_MS);
    assert.equal(requests.length, 3);
    poller.setLive(false);
    requests[2]!.resolve("last");
    await advance(EVERY_MS * 3);
    assert.equal(requests.length, 3);
    poller.stop();
  });

  it("a hidden page is not asked again until it shows; shown while a request is in flight changes nothing", async () => {
    let visible = false;
    const { poller, requests } = harness({ visible: () => visible });
    poller.start(true);
    requests[0]!.resolve("before hiding");
    await advance(EVERY_MS * 3);
    assert.equal(requests.length, 1, "hidden: not asked");
    visible = true;
    poller.shown();
    assert.equal(requests.length, 2, "shown: asked at once");
    poller.shown();
    assert.equal(requests.length, 2, "already asking");
    poller.stop();
  });
});
