import { z } from "zod";
import { JOB_TYPES, type JobTypeSpec } from "../../shared/contracts/jobs.ts";

export type { JobTypeSpec };

/** The longest timeout of a job type without a heartbeat: its claim holds that long when its worker dies. */
const MAX_TIMEOUT_MS = 3_600_000;
/** The longest timeout of a heartbeat type (a cluster run may last hours; its lease is renewed meanwhile). */
const MAX_HEARTBEAT_TIMEOUT_MS = 7 * 24 * 3_600_000;

/** Concurrency per queue per replica; queues not listed use JOBS_CONCURRENCY. */
export const QUEUE_CONCURRENCY: Readonly<Record<string, number>> = {
  purge: 4,
  dns: 5,
  clusters: 5,
  maintenance: 2,
};

const ExtraTypes = z.record(
  z.string().regex(/^[a-zA-Z][\w-]*\.[a-zA-Z][\w-]*$/, "must be <service>.<action>"),
  z
    .object({
      queue: z.string().min(1).max(64),
      timeoutMs: z.number().int().min(10).max(MAX_HEARTBEAT_TIMEOUT_MS),
      maxAttempts: z.number().int().min(1).max(100),
      heartbeat: z.boolean().optional(),
    })
    .refine((t) => t.heartbeat === true || t.timeoutMs <= MAX_TIMEOUT_MS, { message: `at most ${MAX_TIMEOUT_MS} without a heartbeat`, path: ["timeoutMs"] }),
);

/** A refused key's own message (zod reports "Invalid key in record" and keeps the key rule's message inside). */
function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.code === "invalid_key" ? issue.issues.map((inner) => inner.message).join(", ") : issue.message;
}

/** The job types this service runs: JOB_TYPES plus JOBS_EXTRA_TYPES (which may not redefine a built-in type). */
export class JobRegistry {
  private readonly types: Map<string, JobTypeSpec>;

  constructor(extraJson?: string) {
    this.types = new Map(Object.entries(JOB_TYPES));
    if (extraJson) {
      let raw: unknown;
      try {
        raw = JSON.parse(extraJson);
      } catch {
        throw new Error("JOBS_EXTRA_TYPES: not valid JSON");
      }
      const parsed = ExtraTypes.safeParse(raw);
      if (!parsed.success) throw new Error(`JOBS_EXTRA_TYPES: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${describeIssue(i)}`).join("; ")}`);
      for (const [name, spec] of Object.entries(parsed.data)) {
        if (this.types.has(name)) throw new Error(`JOBS_EXTRA_TYPES: ${name} is a built-in job type`);
        this.types.set(name, spec);
      }
    }
  }

  get(type: string): JobTypeSpec | undefined {
    return this.types.get(type);
  }

  /** Every queue a known type uses (the queues view lists them even when empty). */
  queues(): string[] {
    return [...new Set([...this.types.values()].map((t) => t.queue))];
  }

  concurrency(queue: string, fallback: number): number {
    return QUEUE_CONCURRENCY[queue] ?? fallback;
  }
}
