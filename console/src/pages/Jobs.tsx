import { useEffect, useState } from "preact/hooks";
import { CANCELLABLE_STATUSES, JOB_STATUSES, RETRYABLE_STATUSES, type JobStatusName } from "../../../shared/contracts/job-types.ts";
import { api, messageOf, type AdminPageJob, type EnqueueForm, type Job } from "../api.ts";
import { Confirm, DataTable, LiveControl, Notice, PageTitle, Status, Time } from "../components.tsx";
import { shortId } from "../format.ts";
import { useNow, usePolling } from "../hooks.ts";
import { canCancel, canRetry, ENQUEUEABLE_TYPES, useJobActions, type ActionResult } from "../jobs.tsx";
import { href, navigate, type Route } from "../router.ts";

const PAGE_SIZES = [25, 50, 100];

/** The filters as the URL gives them (the API checks them and says what is wrong). */
function filtersOf(params: URLSearchParams) {
  const n = (name: string) => {
    const v = params.get(name);
    return v === null || v === "" ? undefined : Number(v);
  };
  return {
    status: params.get("status") ?? "",
    queue: params.get("queue") ?? "",
    type: params.get("type") ?? "",
    periodic: params.get("periodic") ?? "",
    q: params.get("q") ?? "",
    page: n("page") ?? 1,
    page_size: n("page_size") ?? 25,
  };
}

/** The jobs: the admin API's filters, newest first, a page at a time, refreshed every few seconds. */
export function JobsPage({ route }: { route: Route }) {
  const filters = filtersOf(route.params);
  const [live, setLive] = useState(true);
  const jobs = usePolling(JSON.stringify(filters), (signal) => api.jobs(filters, signal), live);
  const actions = useJobActions(jobs.reload);
  const now = useNow();
  const page = jobs.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  const goto = (p: number) => href(["jobs"], { ...filters, page: p === 1 ? undefined : p, page_size: filters.page_size === 25 ? undefined : filters.page_size });

  return (
    <>
      <PageTitle title="Jobs">Jobs</PageTitle>
      <Filters key={JSON.stringify(filters)} filters={filters} />
      <LiveControl at={jobs.at} live={live} onLive={setLive} error={page ? jobs.error : undefined} />
      {actions.result && <Notice kind={actions.result.kind}>{actions.result.text}</Notice>}
      {actions.dialog}
      {!page && jobs.error !== undefined && <Notice kind="error">{jobs.error}</Notice>}
      {page && (
        <>
          <p class="summary" aria-live="polite">
            {page.total === 0 ? "No jobs match." : `${page.total} job${page.total === 1 ? "" : "s"}, page ${page.page} of ${pages}`}
          </p>
          <StatusCounts counts={page.counts} filters={filters} />
          <BulkActions key={JSON.stringify({ ...filters, page: 1, page_size: 25 })} filters={filters} total={page.total} onDone={jobs.reload} />
          {page.items.length > 0 && (
            <DataTable
              label="Jobs"
              caption="Jobs, newest first"
              columns={["Job", "Type", "Queue", "Status", "Attempts", "Run at", "Updated", "Last error", { name: "Actions", hidden: true }]}
            >
              {page.items.map((job) => (
                <JobRow key={job.id} job={job} now={now} busy={actions.busy} onAction={(kind) => actions.run(kind, job)} />
              ))}
            </DataTable>
          )}
          <nav class="pager" aria-label="Pages of jobs">
            {page.page > 1 ? <a href={goto(page.page - 1)}>← Newer</a> : <span class="muted">← Newer</span>}
            <span>
              Page {page.page} of {pages}
            </span>
            {page.page < pages ? <a href={goto(page.page + 1)}>Older →</a> : <span class="muted">Older →</span>}
          </nav>
        </>
      )}
      <Enqueue onDone={jobs.reload} />
    </>
  );
}

function JobRow({ job, now, busy, onAction }: { job: Job; now: number; busy: string | undefined; onAction: (kind: "cancel" | "retry") => void }) {
  const name = `job ${shortId(job.id)} (${job.type})`;
  return (
    <tr>
      <td data-label="Job">
        <a href={href(["jobs", job.id])} class="mono" aria-label={`Job ${job.id}`}>
          {shortId(job.id)}
        </a>
      </td>
      <td data-label="Type" class="mono">
        {job.type}
      </td>
      <td data-label="Queue">{job.queue}</td>
      <td data-label="Status">
        <Status value={job.status} />
      </td>
      <td data-label="Attempts">
        {job.attempts} of {job.max_attempts}
      </td>
      <td data-label="Run at">
        <Time iso={job.run_at} now={now} ago />
      </td>
      <td data-label="Updated">
        <Time iso={job.updated_at} now={now} ago />
      </td>
      <td data-label="Last error" class="error-text">
        {job.last_error || <span class="muted">–</span>}
      </td>
      <td data-label="Actions" class="actions">
        <div class="row-actions">
          {canCancel(job) && (
            <button type="button" disabled={busy === `cancel:${job.id}`} aria-label={`Cancel ${name}`} onClick={() => onAction("cancel")}>
              Cancel
            </button>
          )}
          {canRetry(job) && (
            <button type="button" disabled={busy === `retry:${job.id}`} aria-label={`Retry ${name}`} onClick={() => onAction("retry")}>
              Retry
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Bulk changes go to the newest of the filter's jobs, at most this many (the API's bound). */
const BULK_MAX = 500;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The filter in words, as the confirmation says it: `failed jobs of type x in queue y`. */
function filterWords(filters: ReturnType<typeof filtersOf>): string {
  const parts = [`${filters.status} jobs`];
  if (filters.type !== "") parts.push(`of type ${filters.type}`);
  parts.push(filters.queue !== "" ? `in queue ${filters.queue}` : "in every queue");
  if (filters.periodic === "true") parts.push("(periodic housekeeping only)");
  else if (filters.periodic === "all") parts.push("(periodic housekeeping included)");
  return parts.join(" ");
}

/**
 * Retry or cancel every job of the filter at once (POST /admin/worker/jobs/bulk-retry or
 * bulk-cancel), the newest `min(total, 500)` of them: offered when the status filter is one the
 * change applies to (failed or canceled to retry; queued, scheduled, retrying or running to
 * cancel) and there is no free text (the bulk routes take the list's other filters, not its
 * search). Asked for first, saying how many and which; the API's answer is then said in words.
 */
function BulkActions({ filters, total, onDone }: { filters: ReturnType<typeof filtersOf>; total: number; onDone: () => void }) {
  const [confirming, setConfirming] = useState<"retry" | "cancel">();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult>();
  const status = filters.status as JobStatusName | "";
  const kind = status === "" ? undefined : RETRYABLE_STATUSES.includes(status) ? "retry" : CANCELLABLE_STATUSES.includes(status) ? "cancel" : undefined;
  const n = Math.min(total, BULK_MAX);
  const what = filterWords(filters);
  const jobs = plural(n, `${status} job`);

  const act = async (change: "retry" | "cancel") => {
    setBusy(true);
    setResult(undefined);
    const body = {
      queue: filters.queue || undefined,
      type: filters.type || undefined,
      periodic: (filters.periodic || undefined) as "true" | "false" | "all" | undefined,
      max: n,
    };
    try {
      const res =
        change === "retry"
          ? await api.bulkRetry({ ...body, status: status as "failed" | "canceled" })
          : await api.bulkCancel({ ...body, status: status as "queued" | "scheduled" | "retrying" | "running" });
      const done = `${change === "retry" ? "Retried" : "Canceled"} ${plural(res.changed, "job")}`;
      setResult({ kind: "ok", text: res.more ? `${done}; more remain: run it again.` : `${done}.` });
    } catch (err) {
      setResult({ kind: "error", text: `Not ${change === "retry" ? "retried" : "canceled"}: ${messageOf(err)}` });
    } finally {
      setBusy(false);
      onDone();
    }
  };

  const offered = total > 0 && kind !== undefined && filters.q === "";
  return (
    <>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {offered && (
        <div class="bulk">
          <button type="button" disabled={busy} onClick={() => setConfirming(kind)}>
            {kind === "retry" ? "Retry" : "Cancel"} {total > BULK_MAX ? `the newest ${jobs}` : jobs}
          </button>
        </div>
      )}
      {total > 0 && kind !== undefined && filters.q !== "" && (
        <p class="muted">Retrying or canceling in bulk takes the status, queue and type filters, not the search: clear the search to act on all of these jobs.</p>
      )}
      {total > 0 && status === "" && (
        <p class="muted">To retry or cancel in bulk, filter by status: failed or canceled to retry, queued, scheduled, retrying or running to cancel.</p>
      )}
      {confirming && (
        <Confirm
          title={`${confirming === "retry" ? "Retry" : "Cancel"} ${jobs}?`}
          confirm={confirming === "retry" ? `Retry ${jobs}` : `Cancel ${jobs}`}
          dismiss="Leave them"
          onConfirm={() => {
            setConfirming(undefined);
            void act(confirming);
          }}
          onDismiss={() => setConfirming(undefined)}
        >
          The newest {plural(n, "job")} of the filter ({what}){" "}
          {confirming === "retry" ? "will run again from attempt 1." : "will not run unless retried; attempts already running finish."}
          {total > n ? ` ${total - n} more match: run it again for them.` : ""}
        </Confirm>
      )}
    </>
  );
}

/** The filter form; applying it puts the filters in the URL (page 1). */
function Filters({ filters }: { filters: ReturnType<typeof filtersOf> }) {
  const [status, setStatus] = useState(filters.status);
  const [queue, setQueue] = useState(filters.queue);
  const [type, setType] = useState(filters.type);
  const [periodic, setPeriodic] = useState(filters.periodic);
  const [q, setQ] = useState(filters.q);
  const [size, setSize] = useState(String(filters.page_size));
  const apply = (e: Event) => {
    e.preventDefault();
    navigate(href(["jobs"], { status, queue: queue.trim(), type: type.trim(), periodic, q: q.trim(), page_size: size === "25" ? undefined : size }));
  };
  return (
    <form class="filters" onSubmit={apply} aria-label="Filter jobs">
      <div class="field">
        <label for="filter-status">Status</label>
        <select id="filter-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
          <option value="">any</option>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="filter-queue">Queue</label>
        <input id="filter-queue" value={queue} onInput={(e) => setQueue(e.currentTarget.value)} autoComplete="off" spellcheck={false} />
      </div>
      <div class="field">
        <label for="filter-type">Type</label>
        <input id="filter-type" list="filter-job-types" value={type} onInput={(e) => setType(e.currentTarget.value)} autoComplete="off" spellcheck={false} />
        <datalist id="filter-job-types">
          {ENQUEUEABLE_TYPES.map((t) => (
            <option key={t.type} value={t.type} />
          ))}
        </datalist>
      </div>
      <div class="field">
        <label for="filter-periodic">Periodic housekeeping</label>
        <select id="filter-periodic" value={periodic} onChange={(e) => setPeriodic(e.currentTarget.value)}>
          <option value="">hidden</option>
          <option value="true">only</option>
          <option value="all">included</option>
        </select>
      </div>
      <div class="field grow">
        <label for="filter-q">Search</label>
        <input id="filter-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} aria-describedby="filter-q-hint" autoComplete="off" spellcheck={false} />
        <small id="filter-q-hint" class="muted">
          id, type, last error or payload text
        </small>
      </div>
      <div class="field">
        <label for="filter-size">Per page</label>
        <select id="filter-size" value={size} onChange={(e) => setSize(e.currentTarget.value)}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div class="buttons">
        <button type="submit" class="primary">
          Apply filters
        </button>
        <a class="button" href="#/jobs">
          Clear
        </a>
      </div>
    </form>
  );
}

/**
 * Enqueue through POST /admin/worker/jobs. The API applies its rules and this form shows its
 * answer as it is (`missing fields: queue`, `unknown job type`, `invalid run_at`, …); only a
 * payload that is not JSON at all is refused here, with the message the API gives for one.
 */
function Enqueue({ onDone }: { onDone: () => void }) {
  const [type, setType] = useState("");
  const [queue, setQueue] = useState("");
  const [payload, setPayload] = useState("{}");
  const [runAt, setRunAt] = useState("");
  const [result, setResult] = useState<ActionResult & { id?: string }>();
  const [busy, setBusy] = useState(false);

  const chooseType = (value: string) => {
    setType(value);
    const known = ENQUEUEABLE_TYPES.find((t) => t.type === value);
    if (known && queue === "") setQueue(known.queue);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const body: EnqueueForm = {};
    if (type.trim() !== "") body.type = type.trim();
    if (queue.trim() !== "") body.queue = queue.trim();
    if (payload.trim() !== "") {
      try {
        body.payload = JSON.parse(payload) as unknown;
      } catch {
        setResult({ kind: "error", text: "Not enqueued: invalid json" });
        return;
      }
    }
    if (runAt !== "") {
      const at = new Date(runAt);
      body.run_at = Number.isNaN(at.getTime()) ? runAt : at.toISOString();
    }
    setBusy(true);
    setResult(undefined);
    try {
      const job = await api.enqueue(body);
      setResult({ kind: "ok", text: `Enqueued job ${shortId(job.id)} (${job.type}) in queue ${job.queue}: ${job.status}.`, id: job.id });
      onDone();
    } catch (err) {
      setResult({ kind: "error", text: `Not enqueued: ${messageOf(err)}` });
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (result?.kind === "ok") setRunAt("");
  }, [result]);

  return (
    <section aria-labelledby="enqueue-title" class="panel">
      <h2 id="enqueue-title">Enqueue a job</h2>
      <form onSubmit={(e) => void submit(e)} class="enqueue">
        <div class="field">
          <label for="enqueue-type">Type</label>
          <input id="enqueue-type" list="job-types" value={type} onInput={(e) => chooseType(e.currentTarget.value)} autoComplete="off" spellcheck={false} />
          <datalist id="job-types">
            {ENQUEUEABLE_TYPES.map((t) => (
              <option key={t.type} value={t.type} />
            ))}
          </datalist>
        </div>
        <div class="field">
          <label for="enqueue-queue">Queue</label>
          <input id="enqueue-queue" value={queue} onInput={(e) => setQueue(e.currentTarget.value)} autoComplete="off" spellcheck={false} />
        </div>
        <div class="field">
          <label for="enqueue-run-at">Run at (optional, your time zone)</label>
          <input id="enqueue-run-at" type="datetime-local" step={1} value={runAt} onInput={(e) => setRunAt(e.currentTarget.value)} />
        </div>
        <div class="field wide">
          <label for="enqueue-payload">Payload (a JSON object)</label>
          <textarea id="enqueue-payload" rows={4} value={payload} onInput={(e) => setPayload(e.currentTarget.value)} spellcheck={false} class="mono" />
        </div>
        <div class="buttons">
          <button type="submit" class="primary" disabled={busy}>
            Enqueue
          </button>
        </div>
      </form>
      {result && (
        <Notice kind={result.kind}>
          {result.text} {result.id && <a href={href(["jobs", result.id])}>Open the job</a>}
        </Notice>
      )}
    </section>
  );
}

/** Jobs per status under the same filters (status aside), each leading to the list of that status. */
function StatusCounts({ counts, filters }: { counts: AdminPageJob["counts"]; filters: ReturnType<typeof filtersOf> }) {
  return (
    <nav class="status-counts" aria-label="Jobs per status">
      <ul>
        {JOB_STATUSES.map((s) => (
          <li key={s}>
            <a
              href={href(["jobs"], {
                ...filters,
                status: filters.status === s ? undefined : s,
                page: undefined,
                page_size: filters.page_size === 25 ? undefined : filters.page_size,
              })}
              aria-current={filters.status === s ? "true" : undefined}
              data-status={s}
            >
              {s} <span class="num">{counts[s] ?? 0}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
