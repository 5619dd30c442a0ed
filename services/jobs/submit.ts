import type { Job } from "../../shared/contracts/jobs.ts";
import { announce, type Emitter } from "./announce.ts";
import type { JobsDeps } from "./deps.ts";
import { enqueueJob, toJob, type NewJob } from "./store.ts";

/**
 * Stores a job and hands it to a worker replica. With `startHere` (service-to-service
 * enqueues), a due job runs here at once when this replica's worker has a free slot in its
 * queue: it is inserted `running`. An admin's enqueue answers the job `queued`, as documented.
 */
export async function submitJob(deps: JobsDeps, emitter: Emitter, input: NewJob, startHere: boolean): Promise<Job> {
  const { engine } = deps;
  const spec = deps.registry.get(input.type);
  const lease = spec && startHere ? engine?.leaseNew(input.type, input.queue ?? spec.queue, input.run_at) : undefined;
  let result: Awaited<ReturnType<typeof enqueueJob>>;
  try {
    result = await enqueueJob(deps, { ...input, lease });
  } catch (err) {
    // if the insert landed after all, the job is `running` under our lease, and its expiry hands it on
    if (lease) engine?.releaseNew(lease);
    throw err;
  }
  if (!result) throw new Error("periodic once-key used by enqueue"); // only periodic jobs pass a once-key
  if (lease && result.created && engine) return toJob(await engine.runNew(result.job));
  if (lease) engine?.releaseNew(lease);
  if (result.created) announce(emitter, result.job);
  return toJob(result.job);
}
