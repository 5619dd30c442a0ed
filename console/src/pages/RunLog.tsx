import { useEffect, useState } from "preact/hooks";
import { api, ApiError, messageOf, type LogChunk, type Run } from "../api.ts";
import { Confirm, Notice, PageTitle, Status, Time } from "../components.tsx";
import { shortId } from "../format.ts";
import { usePolling } from "../hooks.ts";
import { LogOutput, type Tail } from "../log-output.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A run in one of these never changes again (shared/contracts/runner.ts FINISHED_RUN_STATUSES). */
const FINISHED_RUN_STATUSES: readonly Run["status"][] = ["succeeded", "failed", "canceled"];

/**
 * One run of an action against a cluster (`#/runs/<org>/<cluster>/<run>`): its status (polled),
 * its output tailed live (Server-Sent Events read with fetch, the session's token in the
 * Authorization header; resumed after a drop, until the run has ended), stdout, stderr and the
 * runner's own lines told apart by a label as well as a colour, and a cancel button while it runs
 * (the API allows it to the organization's owners and admins, and says so otherwise).
 */
export function RunLogPage({ org, cluster, run }: { org: string; cluster: string; run: string }) {
  const valid = UUID.test(org) && UUID.test(cluster) && UUID.test(run);
  const [chunks, setChunks] = useState<LogChunk[]>([]);
  const [tail, setTail] = useState<Tail>({ state: "following" });
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ kind: "ok" | "error"; text: string }>();
  const finished = (r: Run | undefined) => r !== undefined && FINISHED_RUN_STATUSES.includes(r.status);
  const [over, setOver] = useState(false);
  const polled = usePolling(`run:${org}:${cluster}:${run}`, (signal) => (valid ? api.run(org, cluster, run, signal) : Promise.resolve(undefined)), valid && !over);
  const r = polled.data;
  useEffect(() => setOver(finished(r)), [r?.status]);
  const notFound = polled.failure instanceof ApiError && polled.failure.status === 404;

  useEffect(() => {
    // another run on the same page (only the address's fragment changed): nothing said of the last one stays
    setResult(undefined);
    setConfirming(false);
    if (!valid) return;
    const stop = new AbortController();
    setChunks([]);
    setTail({ state: "following" });
    void (async () => {
      try {
        for await (const c of api.followRunLog(org, cluster, run, stop.signal)) setChunks((list) => [...list, c]);
        if (!stop.signal.aborted) {
          setTail({ state: "done" });
          polled.reload();
        }
      } catch (err) {
        if (!stop.signal.aborted) setTail({ state: "failed", message: messageOf(err) });
      }
    })();
    return () => stop.abort();
  }, [org, cluster, run, valid]);

  const cancel = async () => {
    setResult(undefined);
    try {
      const after = await api.cancelRun(org, cluster, run);
      setResult({ kind: "ok", text: `Cancel asked: the run is ${after.status}.` });
    } catch (err) {
      setResult({ kind: "error", text: `Not canceled: ${messageOf(err)}` });
    } finally {
      polled.reload();
    }
  };

  return (
    <>
      <PageTitle title={`Run ${shortId(run)}`}>
        Run <span class="mono">{shortId(run)}</span>
      </PageTitle>
      {!valid && <Notice kind="error">invalid id</Notice>}
      {notFound && <Notice kind="error">{polled.error}</Notice>}
      {!r && !notFound && polled.error !== undefined && <Notice kind="error">{polled.error}</Notice>}
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {confirming && (
        <Confirm
          title="Cancel this run?"
          confirm="Cancel the run"
          dismiss="Let it run"
          onConfirm={() => {
            setConfirming(false);
            void cancel();
          }}
          onDismiss={() => setConfirming(false)}
        >
          A running command is sent a signal and its channel closed; the run ends canceled. A run is never started again by itself.
        </Confirm>
      )}
      {r && (
        <>
          {!finished(r) && (
            <div class="buttons">
              <button type="button" onClick={() => setConfirming(true)}>
                Cancel run
              </button>
            </div>
          )}
          <dl class="facts">
            <dt>Action</dt>
            <dd>
              {r.action} <span class="mono muted">make {r.make_target}</span>
            </dd>
            <dt>Status</dt>
            <dd>
              <Status value={r.status} />
            </dd>
            {r.error !== "" && (
              <>
                <dt>Error</dt>
                <dd>{r.error}</dd>
              </>
            )}
            <dt>Cluster</dt>
            <dd class="mono">{r.cluster_id}</dd>
            <dt>Created</dt>
            <dd>
              <Time iso={r.created_at} />
            </dd>
            <dt>Started</dt>
            <dd>
              <Time iso={r.started_at} />
            </dd>
            <dt>Finished</dt>
            <dd>
              <Time iso={r.finished_at} />
            </dd>
          </dl>
        </>
      )}
      {valid && (
        <section aria-labelledby="log-title">
          <h2 id="log-title">Output</h2>
          <p class="muted" role="status">
            {tail.state === "following" ? "Following the output live…" : tail.state === "done" ? "The run has ended: this is all of its output." : ""}
          </p>
          {tail.state === "failed" && <Notice kind="error">The output could not be followed: {tail.message}</Notice>}
          <LogOutput chunks={chunks} following={tail.state === "following"} label="Run output" />
        </section>
      )}
    </>
  );
}
