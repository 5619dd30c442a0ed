import { projectRoot } from "../shared/project-root.ts";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = projectRoot();

export interface LocalMongo {
  url: string;
  stop(): Promise<void>;
  /** Best effort from a synchronous `exit` handler (the REPL's quit exits directly). */
  stopSync(): void;
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? ok(addr.port) : fail(new Error("no port"))));
    });
  });
}

export interface LocalMongoOptions {
  /** Checks every this many ms that FerretDB still runs and restarts it (same port, same data) when it died; 0: not supervised. */
  superviseMs?: number;
  /** Where the supervisor says what it did (one line each). */
  log?: (message: string) => void;
}

/** A pid that is still a running process (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Starts FerretDB (SQLite backend) with its data under `dataDir`, through the project's infra
 * script (which builds it once). Used by `npm start` when MONGO_URL is not set, and by tests.
 * With `superviseMs` it is restarted on the same port when it dies (the services' connections
 * reconnect by themselves; /readyz answers 503 meanwhile, its database ping failing).
 */
export async function startLocalMongo(dataDir: string, port?: number, options: LocalMongoOptions = {}): Promise<LocalMongo> {
  const pidFile = resolve(dataDir, "ferretdb.pid");
  await stopStale(pidFile);
  const p = port ?? (await freePort());
  const launch = async (): Promise<number> => {
    const { stdout } = await run("bash", [resolve(ROOT, "scripts/infra.sh"), "ferretdb-start", resolve(dataDir), String(p)], {
      maxBuffer: 10 * 1024 * 1024,
    });
    const started = Number(stdout.trim().split("\n").pop());
    if (!Number.isInteger(started) || started <= 0) throw new Error(`FerretDB did not report a pid: ${stdout}`);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(pidFile, String(started));
    return started;
  };
  let pid = await launch();
  // lets `npm run token` and `npm run rotate-master-key` find the running embedded database
  const urlFile = resolve(dataDir, "url");
  writeFileSync(urlFile, `mongodb://127.0.0.1:${p}/`);
  let stopping = false;
  let restarting = false;
  const supervisor =
    options.superviseMs && options.superviseMs > 0
      ? setInterval(() => {
          if (stopping || restarting || alive(pid)) return;
          restarting = true;
          options.log?.(`the embedded FerretDB (pid ${pid}) is not running: restarting it on port ${p}`);
          launch()
            .then((started) => {
              pid = started;
              options.log?.(`the embedded FerretDB runs again (pid ${started})`);
            })
            .catch((err: unknown) => options.log?.(`the embedded FerretDB could not be restarted (${(err as Error).message.split("\n")[0] ?? ""}); trying again`))
            .finally(() => (restarting = false));
        }, options.superviseMs)
      : undefined;
  supervisor?.unref();
  return {
    url: `mongodb://127.0.0.1:${p}/`,
    async stop() {
      stopping = true;
      clearInterval(supervisor);
      rmSync(pidFile, { force: true });
      rmSync(urlFile, { force: true });
      await terminate(pid);
    },
    stopSync() {
      stopping = true;
      clearInterval(supervisor);
      rmSync(pidFile, { force: true });
      rmSync(urlFile, { force: true });
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    },
  };
}

/** A FerretDB left running on the same data by a process that died without cleaning up. */
async function stopStale(pidFile: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, "utf8").trim());
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0) await terminate(pid);
  rmSync(pidFile, { force: true });
}

async function terminate(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    /* already gone */
  }
}

/** Where `npm start` records the URL of the embedded FerretDB it started (removed on stop). */
export function localMongoUrlFile(dataDir: string): string {
  return resolve(dataDir, "ferretdb", "url");
}
