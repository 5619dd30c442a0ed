import { useState } from "preact/hooks";
import type { QueueInfo } from "../../../shared/contracts/jobs.ts";
import { api, messageOf } from "../api.ts";
import { Confirm, DataTable, LiveControl, Notice, PageTitle } from "../components.tsx";
import { duration } from "../format.ts";
import { usePolling } from "../hooks.ts";
import type { ActionResult } from "../jobs.tsx";
import { href } from "../router.ts";

/** Queues refresh faster than the job list: they are the live picture. */
const QUEUES_REFRESH_MS = 2_000;

/** Per queue: pending, running, failed, scheduled, the oldest pending job's age, paused or not; pause and resume. */
export function QueuesPage() {
  const [live, setLive] = useState(true);
  const queues = usePolling("queues", api.queues, live, QUEUES_REFRESH_MS);
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
      <p class="muted">Pending counts queued and retrying jobs. A paused queue keeps accepting jobs; no replica starts one until it is resumed, and jobs already running finish.</p>
    </>
  );
}
