import { useState } from "preact/hooks";
import { api, messageOf, type JobStats, type QueueInfo } from "../api.ts";
import { Confirm, DataTable, LiveControl, Notice, PageTitle } from "../components.tsx";
import { duration, localTime } from "../format.ts";
import { usePolling } from "../hooks.ts";
import type { ActionResult } from "../jobs.tsx";
import { href } from "../router.ts";

/** Queues refresh faster than the job list: they are the live picture. */
const QUEUES_REFRESH_MS = 2_000;
/** The last hour's figures are per minute (and ask every jobs replica): less often is enough. */
const STATS_REFRESH_MS = 5_000;

/** Per queue: pending, running, failed, scheduled, the oldest pending job's age, paused or not; pause and resume. */
export function QueuesPage() {
  const [live, setLive] = useState(true);
  const queues = usePolling("queues", api.queues, live, QUEUES_REFRESH_MS);
  const stats = usePolling("stats", api.stats, live, STATS_REFRESH_MS);
  const hour = new Map((stats.data?.queues ?? []).map((q) => [q.queue, q]));
  const [busy, setBusy] = useState<string | undefined>();
  const [result, setResult] = useState<ActionResult>();
  /** The queue whose pause is being asked for. */
  const [confirming, setConfirming] = useState<QueueInfo>();

  const toggle = async (q: QueueInfo) => {
    setBusy(q.name);
    setResult(undefined);
    try {
      const after = await (q.paused ? api.resumeQueue(q.name) : api.pauseQueue(q.name));
      setResult({ kind: "ok", text: after.paused ? `Queue ${q.name} paused: its jobs wait until it is resumed (running ones finish).` : `Queue ${q.name} resumed.` });
    } catch (err) {
      setResult({ kind: "error", text: `Queue ${q.name} was not ${q.paused ? "resumed" : "paused"}: ${messageOf(err)}` });
    } finally {
      setBusy(undefined);
      queues.reload();
    }
  };

  const list = queues.data;
  return (
    <>
      <PageTitle title="Queues">Queues</PageTitle>
      <LiveControl at={queues.at} live={live} onLive={setLive} error={list ? queues.error : undefined} everyMs={QUEUES_REFRESH_MS} />
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {confirming && (
        <Confirm
          title={`Pause queue ${confirming.name}?`}
          confirm="Pause the queue"
          dismiss="Keep it running"
          onConfirm={() => {
            setConfirming(undefined);
            void toggle(confirming);
          }}
          onDismiss={() => setConfirming(undefined)}
        >
          No replica starts its jobs until it is resumed; it keeps accepting jobs, and jobs already running finish.
        </Confirm>
      )}
      {!list && queues.error !== undefined && <Notice kind="error">{queues.error}</Notice>}
      {list && (
        <DataTable
          label="Queues"
          class="queues"
          caption="Jobs per queue"
          columns={[
            "Queue",
            { name: "Pending", numeric: true },
            { name: "Running", numeric: true },
            { name: "Failed", numeric: true },
            { name: "Scheduled", numeric: true },
            { name: "Oldest pending", numeric: true },
            { name: "Succeeded, last hour", numeric: true },
            { name: "Failed, last hour", numeric: true },
            "State",
            { name: "Actions", hidden: true },
          ]}
        >
          {list.map((q) => (
            <tr key={q.name} data-queue={q.name}>
              <th scope="row" data-label="Queue">
                <a href={href(["jobs"], { queue: q.name })}>{q.name}</a>
              </th>
              <td data-label="Pending" class="num" data-field="pending">
                {q.pending}
              </td>
              <td data-label="Running" class="num" data-field="running">
                {q.running}
              </td>
              <td data-label="Failed" class="num" data-field="failed">
                {q.failed > 0 ? <a href={href(["jobs"], { queue: q.name, status: "failed" })}>{q.failed}</a> : q.failed}
              </td>
              <td data-label="Scheduled" class="num" data-field="scheduled">
                {q.scheduled}
              </td>
              <td data-label="Oldest pending" class="num" data-field="oldest">
                {q.oldest_pending_age_seconds > 0 ? duration(q.oldest_pending_age_seconds) : <span class="muted">–</span>}
              </td>
              <td data-label="Succeeded, last hour" class="num" data-field="succeeded-hour">
                {hour.get(q.name)?.succeeded ?? 0}
              </td>
              <td data-label="Failed, last hour" class="num" data-field="failed-hour">
                {hour.get(q.name)?.failed ?? 0}
              </td>
              <td data-label="State" data-field="state">
                {q.paused ? <span class="badge badge-paused">paused</span> : <span class="badge badge-active">active</span>}
              </td>
              <td data-label="Actions" class="actions">
                <div class="row-actions">
                  <button
                    type="button"
                    disabled={busy === q.name}
                    aria-label={`${q.paused ? "Resume" : "Pause"} queue ${q.name}`}
                    onClick={() => (q.paused ? void toggle(q) : setConfirming(q))}
                  >
                    {q.paused ? "Resume" : "Pause"}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {stats.data ? <LastHour stats={stats.data} /> : stats.error !== undefined && <Notice kind="error">The last hour&apos;s figures: {stats.error}</Notice>}
      <p class="muted">Pending counts queued and retrying jobs. A paused queue keeps accepting jobs; no replica starts one until it is resumed, and jobs already running finish.</p>
    </>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Bar heights come in this many steps (CSS classes `h0` to `h10`: the CSP allows no inline style). */
const STEPS = 10;
const step = (n: number, most: number) => (n <= 0 || most <= 0 ? 0 : Math.max(1, Math.round((n / most) * STEPS)));

/**
 * The last hour over every jobs replica (GET /admin/worker/stats): attempts that succeeded and
 * failed, and a bar per minute (succeeded, and failed or to be retried), with a table of the
 * same minutes for assistive technology and whoever wants the figures.
 */
function LastHour({ stats }: { stats: JobStats }) {
  const sum = (k: "succeeded" | "failed" | "retrying" | "canceled") => stats.minutes.reduce((n, m) => n + m[k], 0);
  const [succeeded, failed, retrying, canceled] = [sum("succeeded"), sum("failed"), sum("retrying"), sum("canceled")];
  const most = Math.max(0, ...stats.minutes.map((m) => m.succeeded + m.failed + m.retrying));
  const busy = stats.minutes.filter((m) => m.succeeded + m.failed + m.retrying + m.canceled > 0);
  const extra = [retrying > 0 ? `${plural(retrying, "attempt")} to be retried` : "", canceled > 0 ? `${canceled} canceled` : ""].filter((x) => x !== "");
  const time = (iso: string) => localTime(iso).slice(11, 16);
  return (
    <section aria-labelledby="last-hour-title" class="panel last-hour">
      <h2 id="last-hour-title">Last hour</h2>
      <p class="summary" data-field="last-hour">
        Last hour: {succeeded} succeeded, {failed} failed{extra.length > 0 ? `, ${extra.join(", ")}` : ""} ({plural(stats.replicas, "replica")})
      </p>
      {stats.replicas_missing > 0 && (
        <Notice kind="error">
          {plural(stats.replicas_missing, "jobs replica")} did not answer: {stats.replicas_missing === 1 ? "its" : "their"} attempts are missing from these figures.
        </Notice>
      )}
      <figure class="chart">
        <div class="bars" aria-hidden="true">
          {stats.minutes.map((m) => (
            <div key={m.at} class="bar" title={`${time(m.at)}: ${m.succeeded} succeeded, ${m.failed + m.retrying} failed or to be retried`}>
              <span class={`seg seg-bad h${step(m.failed + m.retrying, most)}`} />
              <span class={`seg seg-ok h${step(m.succeeded, most)}`} />
            </div>
          ))}
        </div>
        <figcaption class="muted">
          Attempts per minute, {stats.minutes[0] ? time(stats.minutes[0].at) : ""} to now: <span class="key key-ok">succeeded</span>{" "}
          <span class="key key-bad">failed or to be retried</span>
        </figcaption>
      </figure>
      <details>
        <summary>Minute by minute ({busy.length === 0 ? "no attempts" : plural(busy.length, "minute")} with attempts)</summary>
        {busy.length > 0 && (
          <DataTable
            label="Attempts per minute"
            caption="Attempts per minute, last hour"
            columns={[
              "Minute",
              { name: "Succeeded", numeric: true },
              { name: "Failed", numeric: true },
              { name: "To be retried", numeric: true },
              { name: "Canceled", numeric: true },
            ]}
          >
            {busy.map((m) => (
              <tr key={m.at}>
                <th scope="row" data-label="Minute">
                  <time dateTime={m.at}>{time(m.at)}</time>
                </th>
                <td data-label="Succeeded" class="num">
                  {m.succeeded}
                </td>
                <td data-label="Failed" class="num">
                  {m.failed}
                </td>
                <td data-label="To be retried" class="num">
                  {m.retrying}
                </td>
                <td data-label="Canceled" class="num">
                  {m.canceled}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </details>
    </section>
  );
}
