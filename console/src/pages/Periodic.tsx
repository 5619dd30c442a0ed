import { useState } from "preact/hooks";
import { api, type PeriodicJobInfo } from "../api.ts";
import { DataTable, LiveControl, Notice, PageTitle, Status, Time } from "../components.tsx";
import { relative } from "../format.ts";
import { useNow, usePolling } from "../hooks.ts";
import { href } from "../router.ts";

/** A period in words: `1 min`, `15 min`, `1 h`, `1 day`, `7 days`. */
export function every(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s % 86_400 === 0 && s > 0) return s === 86_400 ? "1 day" : `${s / 86_400} days`;
  if (s % 3_600 === 0 && s > 0) return `${s / 3_600} h`;
  if (s % 60 === 0 && s > 0) return `${s / 60} min`;
  return `${s} s`;
}

/** The periodic housekeeping jobs (sweeps, cleanups, relays): each type's schedule, its last run and its next, live. */
export function PeriodicPage() {
  const [live, setLive] = useState(true);
  const periodic = usePolling("periodic", api.periodic, live);
  const now = useNow();
  const list = periodic.data;
  return (
    <>
      <PageTitle title="Periodic jobs">Periodic jobs</PageTitle>
      <LiveControl at={periodic.at} live={live} onLive={setLive} error={list ? periodic.error : undefined} />
      {!list && periodic.error !== undefined && <Notice kind="error">{periodic.error}</Notice>}
      {list && list.length === 0 && <p class="summary">No periodic job types.</p>}
      {list && list.length > 0 && (
        <DataTable label="Periodic jobs" caption="Periodic job types, their last run and their next" columns={["Type", "Queue", "Every", "Last run", "Next run"]}>
          {list.map((p) => (
            <PeriodicRow key={p.type} p={p} now={now} />
          ))}
        </DataTable>
      )}
      <p class="muted">
        Each type is enqueued once per period by one replica (when periodic jobs are enabled). The last run is this period&apos;s or the one before;{" "}
        <a href={href(["jobs"], { periodic: "true" })}>every periodic job</a> is in the job list.
      </p>
    </>
  );
}

function PeriodicRow({ p, now }: { p: PeriodicJobInfo; now: number }) {
  const last = p.last;
  return (
    <tr data-type={p.type}>
      <th scope="row" data-label="Type" class="mono">
        <a href={href(["jobs"], { type: p.type, periodic: "true" })}>{p.type}</a>
      </th>
      <td data-label="Queue">{p.queue}</td>
      <td data-label="Every" data-field="every">
        {every(p.every_seconds)}
      </td>
      <td data-label="Last run" data-field="last">
        {last ? (
          <div class="stacked">
            <span>
              <a href={href(["jobs", last.id])} aria-label={`Last run of ${p.type}: ${last.status}`}>
                <Status value={last.status} />
              </a>{" "}
              {last.finished_at ? (
                <>
                  finished <Time iso={last.finished_at} now={now} ago />
                </>
              ) : (
                <>
                  run at <Time iso={last.run_at} now={now} ago />
                </>
              )}
            </span>
            {last.last_error && <span class="error-text">{last.last_error}</span>}
          </div>
        ) : (
          <span class="muted">none in this period or the last</span>
        )}
      </td>
      <td data-label="Next run" data-field="next">
        <Time iso={p.next_run_at} /> <span class="muted">({Date.parse(p.next_run_at) > now + 999 ? relative(p.next_run_at, now) : "due now"})</span>
      </td>
    </tr>
  );
}
