import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's CPU times (100 on Linux almost everywhere). */
const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU seconds (user + system, all threads) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // the command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** The 1, 5 and 15 minute load averages, as /proc/loadavg prints them. */
export function loadAverage(): string {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

/** CPU seconds of a process, or 0 when it is gone. */
function cpuSecondsOrZero(pid: number): number {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds each group of processes uses while `work` runs. A group is a list of pids read
 * before and after (a database with a process per connection gains processes): a process that
 * appears during the run counts whole, one that exits during it is lost.
 */
export async function measureCpu<T>(groups: Record<string, () => number[]>, work: () => Promise<T>): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, new Map(pids().map((pid) => [pid, cpuSecondsOrZero(pid)]))]));
  const result = await work();
  const cpu = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, pids().reduce((sum, pid) => sum + cpuSecondsOrZero(pid) - (before[k]!.get(pid) ?? 0), 0)]));
  return { result, cpu };
}

/** A line of /proc/<pid>/status in MB (VmRSS, RssAnon, RssFile), or 0 when the process is gone. */
function statusMegabytes(pid: number, field: "VmRSS" | "RssAnon" | "RssFile"): number {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process's resident memory (VmRSS) in MB, or 0 when it is gone. */
export function residentMegabytes(pid: number): number {
  return statusMegabytes(pid, "VmRSS");
}

/**
 * The part of a process's resident memory that is its own (RssAnon: the heap, malloc, stacks), in
 * MB; the rest (RssFile) is the pages of the node binary and libraries it has touched, shared with
 * every process running the same files and given back by the kernel under memory pressure.
 */
export function anonymousMegabytes(pid: number): number {
  return statusMegabytes(pid, "RssAnon");
}
