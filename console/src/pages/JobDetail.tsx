import { useEffect, useState } from "preact/hooks";
import { api, ApiError, type AdminJob } from "../api.ts";
import { LiveControl, Notice, PageTitle, Status, DataTable, Time } from "../components.tsx";
import { shortId } from "../format.ts";
import { useNow, usePolling } from "../hooks.ts";
import { canCancel, canRetry, useJobActions } from "../jobs.tsx";
import { href } from "../router.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One job, read by id (GET /admin/worker/jobs/{id}): its facts, payload, last error and attempt history. */
export function JobDetailPage({ id }: { id: string }) {
  const valid = UUID.test(id);
  const [live, setLive] = useState(true);
  const [missing, setMissing] = useState(false);
  // a job that is not there will not come back: no more asking once the API said so
  const job = usePolling(`job:${id}`, (signal) => (valid ? api.job(id, signal) : Promise.resolve(null)), live && valid && !missing);
  const notFound = job.failure instanceof ApiError && job.failure.status === 404;
  useEffect(() => setMissing(notFound), [notFound]);
  const actions = useJobActions(job.reload);
  const now = useNow();
  const j = job.data ?? undefined;

  return (
    <>
      <p>
        <a href={href(["jobs"])}>← All jobs</a>
      </p>
      <PageTitle title={`Job ${shortId(id)}`}>
        Job <span class="mono">{shortId(id)}</span>
      </PageTitle>
      {!valid && <Notice kind="error">invalid id</Notice>}
      {valid && !notFound && <LiveControl at={job.at} live={live} onLive={setLive} error={j ? job.error : undefined} />}
      {notFound && <Notice kind="error">{job.error} (finished jobs are deleted 7 days after they finish)</Notice>}
      {!j && !notFound && job.error !== undefined && <Notice kind="error">{job.error}</Notice>}
      {actions.result && <Notice kind={actions.result.kind}>{actions.result.text}</Notice>}
      {actions.dialog}
      {j && (
        <>
          <div class="buttons">
            {canCancel(j) && (
              <button type="button" disabled={actions.busy !== undefined} onClick={() => actions.run("cancel", j)}>
                Cancel job
              </button>
            )}
            {canRetry(j) && (
              <button type="button" class="primary" disabled={actions.busy !== undefined} onClick={() => actions.run("retry", j)}>
                Retry job
              </button>
            )}
          </div>
          <dl class="facts">
            <dt>Id</dt>
            <dd class="mono">{j.id}</dd>
            <dt>Type</dt>
            <dd class="mono">{j.type}</dd>
            <dt>Queue</dt>
            <dd>
              <a href={href(["jobs"], { queue: j.queue })}>{j.queue}</a>
            </dd>
            <dt>Status</dt>
            <dd>
              <Status value={j.status} />
            </dd>
            <dt>Attempts</dt>
            <dd>
              {j.attempts} of {j.max_attempts}
            </dd>
            <dt>Node</dt>
            <dd class="mono">{j.lease_owner ?? <span class="muted">–</span>}</dd>
            <dt>Run at</dt>
            <dd>
              <Time iso={j.run_at} /> <span class="muted">({<Time iso={j.run_at} now={now} ago />})</span>
            </dd>
            <dt>Created</dt>
            <dd>
              <Time iso={j.created_at} />
            </dd>
            <dt>Updated</dt>
            <dd>
              <Time iso={j.updated_at} />
            </dd>
            <dt>Finished</dt>
            <dd>
              <Time iso={j.finished_at} />
            </dd>
            <OrganizationOf payload={j.payload} />
          </dl>
          <section aria-labelledby="error-title">
            <h2 id="error-title">Last error</h2>
            {j.last_error ? <pre class="error-text">{j.last_error}</pre> : <p class="muted">None.</p>}
          </section>
          <History history={j.history} />
          <RunLink job={j} />
          <section aria-labelledby="payload-title">
            <h2 id="payload-title">Payload</h2>
            <pre class="code" tabIndex={0} aria-labelledby="payload-title">
              {JSON.stringify(j.payload, null, 2)}
            </pre>
          </section>
        </>
      )}
    </>
  );
}

const WHAT: Record<AdminJob["history"][number]["kind"], string> = { attempt: "attempt claimed", retry: "retry asked", cancel: "cancel asked" };

/** What the jobs service keeps of the job's attempts: who claimed each, and the retries and cancels asked for. */
function History({ history }: { history: AdminJob["history"] }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Attempt history</h2>
      <p class="muted">
        Each attempt a worker claimed, and the retries and cancels asked for; each attempt's own error is not kept, only the last. A job started at once by the replica that stored
        it has no claim for its first attempt.
      </p>
      {history.length === 0 ? (
        <p class="muted">Nothing recorded yet.</p>
      ) : (
        <DataTable label="Attempt history" columns={["When", "Run", "What", "Attempt", "By"]}>
          {history.map((h) => (
            <tr key={`${h.kind}:${h.run}:${h.attempt ?? ""}`}>
              <td data-label="When">
                <Time iso={h.at} />
              </td>
              <td data-label="Run">{h.run}</td>
              <td data-label="What">{WHAT[h.kind]}</td>
              <td data-label="Attempt">{h.attempt ?? <span class="muted">–</span>}</td>
              <td data-label="By" class="mono">
                {h.by}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** A cluster run's job leads to the run's live log (its payload names the organization, cluster and run). */
function RunLink({ job }: { job: { type: string; payload: unknown } }) {
  if (job.type !== "runner.executeRun" || typeof job.payload !== "object" || job.payload === null) return null;
  const { organization_id: org, cluster_id: cluster, run_id: run } = job.payload as Record<string, unknown>;
  if (typeof org !== "string" || typeof cluster !== "string" || typeof run !== "string") return null;
  return (
    <p>
      <a href={href(["runs", org, cluster, run])}>Follow the run's log</a>
    </p>
  );
}

/** The organization a job's payload names (most jobs work for one): a link to its page. */
function OrganizationOf({ payload }: { payload: unknown }) {
  const org = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>).organization_id : undefined;
  if (typeof org !== "string" || org === "") return null;
  return (
    <>
      <dt>Organization</dt>
      <dd class="mono">
        <a href={href(["organizations", org])}>{org}</a>
      </dd>
    </>
  );
}
