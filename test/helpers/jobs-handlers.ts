import type { Context, ServiceSchema } from "moleculer";

/**
 * A tiny real service whose actions are job handlers for the engine under test (a collaborator
 * of the engine, not a stand-in for one of our services). Its types are registered through
 * JOBS_EXTRA_TYPES (`jobsTestTypes`). The store records every call, so tests count executions.
 */
export interface HandlerStore {
  /** Every call in order: key (payload `key`), action, time. */
  calls: { key: string; action: string; at: number; job_id?: string; attempt?: number }[];
  /** Blocked `slow` calls waiting for the test: key → release(errorMessage?). */
  waiting: Map<string, (error?: string) => void>;
}

export function newHandlerStore(): HandlerStore {
  return { calls: [], waiting: new Map() };
}

export function callsOf(store: HandlerStore, key: string): number {
  return store.calls.filter((c) => c.key === key).length;
}

export const JOBS_TEST_SERVICE = "jobstest";

/** JOBS_EXTRA_TYPES value for the actions of `jobsTestService`. */
export function jobsTestTypes(opts: { queue?: string; hangTimeoutMs?: number; slowTimeoutMs?: number } = {}): string {
  const queue = opts.queue ?? "jobstest";
  return JSON.stringify({
    "jobstest.flaky": { queue, timeoutMs: 5_000, maxAttempts: 5 },
    "jobstest.fail": { queue, timeoutMs: 5_000, maxAttempts: 2 },
    "jobstest.slow": { queue, timeoutMs: opts.slowTimeoutMs ?? 60_000, maxAttempts: 3 },
    "jobstest.hang": { queue, timeoutMs: opts.hangTimeoutMs ?? 300, maxAttempts: 1 },
    "jobstest.count": { queue, timeoutMs: 30_000, maxAttempts: 3 },
    // a long job with a heartbeat lease: without renewals a 10-minute timeout would hold its claim that long
    "jobstest.long": { queue, timeoutMs: 600_000, maxAttempts: 1, heartbeat: true },
  });
}

interface P {
  key?: string;
  fail_times?: number;
  message?: string;
}
interface JobMeta {
  job?: { job_id: string; attempt: number };
}

export function jobsTestService(store: HandlerStore, name = JOBS_TEST_SERVICE): ServiceSchema {
  const record = (ctx: Context<P, JobMeta>, action: string) => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- the payload is typed, not validated
    const key = String(ctx.params.key ?? "");
    store.calls.push({ key, action, at: Date.now(), job_id: ctx.meta.job?.job_id, attempt: ctx.meta.job?.attempt });
    return key;
  };
  return {
    name,
    actions: {
      /** Fails `fail_times` times per key (`flaky failure <n>`), then succeeds. */
      flaky(ctx: Context<P, JobMeta>) {
        const key = record(ctx, "flaky");
        const n = store.calls.filter((c) => c.key === key).length;
        if (n <= (ctx.params.fail_times ?? 0)) throw new Error(`flaky failure ${n}`);
        return { ok: true };
      },
      /** Always fails, with a multi-line message (the stack-like tail must not be stored). */
      fail(ctx: Context<P, JobMeta>) {
        record(ctx, "fail");
        throw new Error(`${ctx.params.message ?? "always fails"}\n    at handler (/srv/secret/path.ts:1:1)`);
      },
      /** Blocks until the test releases it, then succeeds or fails with the given message. */
      slow(ctx: Context<P, JobMeta>) {
        const key = record(ctx, "slow");
        return new Promise((resolve, reject) => {
          store.waiting.set(key, (error?: string) => {
            store.waiting.delete(key);
            if (error) reject(new Error(error));
            else resolve({ ok: true });
          });
        });
      },
      /** Like `slow`, for the heartbeat type `jobstest.long`. */
      long(ctx: Context<P, JobMeta>) {
        const key = record(ctx, "long");
        return new Promise((resolve, reject) => {
          store.waiting.set(key, (error?: string) => {
            store.waiting.delete(key);
            if (error) reject(new Error(error));
            else resolve({ ok: true });
          });
        });
      },
      /** Never answers (the engine's timeout ends it). */
      hang(ctx: Context<P, JobMeta>) {
        record(ctx, "hang");
        return new Promise(() => {});
      },
      /** Counts and succeeds. */
      count(ctx: Context<P, JobMeta>) {
        record(ctx, "count");
        return { ok: true };
      },
    },
  };
}
