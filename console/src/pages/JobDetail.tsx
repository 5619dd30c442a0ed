import { useState } from "preact/hooks";
import type { Job } from "../../../shared/contracts/jobs.ts";
import { api } from "../api.ts";
import { LiveControl, Notice, PageTitle, Status, Time } from "../components.tsx";
import { shortId } from "../format.ts";
import { useNow, usePolling } from "../hooks.ts";
import { canCancel, canRetry, useJobActions } from "../jobs.ts";
import { href } from "../router.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One job: the admin API has no read of a single job, so the console asks the list for the id
 * (its free-text search matches ids) and keeps the job whose id is exactly this one.
 */
async function findJob(id: string): Promise<Job | null> {
  const page = await api.jobs({ q: id, page_size: 100 });
  return page.items.find((j) => j.id === id.toLowerCase()) ?? null;
}

export function JobDetailPage({ id }: { id: string }) {
  const valid = UUID.test(id);
  const [live, setLive] = useState(true);
  const job = usePolling(`job:${id}`, () => (valid ? findJob(id) : Promise.resolve(null)), live && valid);
  const actions = useJobActions(job.reload);
  const now = useNow();
  const j = job.data;

  return (
    <>
      <p>
        <a href={href(["jobs"])}>← All jobs</a>
      </p>
      <PageTitle title={`Job ${shortId(id)}`}>
        Job <span class="mono">{shortId(id)}</span>
      </PageTitle>
      {!valid && <Notice kind="error">invalid id</Notice>}
      {valid && <LiveControl at={job.at} live={live} onLive={setLive} error={j ? job.error : undefined} />}
      {j === undefined && job.error !== undefined && <Notice kind="error">{job.error}</Notice>}
      {valid && j === null && <Notice kind="error">job not found (finished jobs are deleted 7 days after they finish)</Notice>}
      {actions.result && <Notice kind={actions.result.kind}>{actions.result.text}</Notice>}
      {j && (
        <>
          <div class="buttons">
            {canCancel(j) && (
              <button type="button" disabled={actions.busy !== undefined} onClick={() => void actions.run("cancel", j)}>
                Cancel job
              </button>
            )}
            {canRetry(j) && (
              <button type="button" class="primary" disabled={actions.busy !== undefined} onClick={() => void actions.run("retry", j)}>
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
          </dl>
          <section aria-labelledby="error-title">
            <h2 id="error-title">Last error</h2>
            {j.last_error ? <pre class="error-text">{j.last_error}</pre> : <p class="muted">None.</p>}
          </section>
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
