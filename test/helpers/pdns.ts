import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { freePort, waitUntil } from "./processes.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * A throw-away PowerDNS authoritative server (Debian's pdns-server with the sqlite3 backend),
 * started through `scripts/infra.sh pdns`, which installs the packages when they are missing.
 */
export interface PowerDns {
  /** Base URL of the HTTP API (what a powerdns credential's `api_url` names). */
  apiUrl: string;
  apiKey: string;
  dnsPort: number;
  /** Creates a native zone with an SOA and one NS record, as the DNS host's administrator would. */
  createZone(name: string): Promise<void>;
  /** A DNS resolver asking only this server. */
  resolver(): Resolver;
  /** Stops the server (an outage); `start()` brings it back with the same data and ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startPowerDns(): Promise<PowerDns> {
  const dir = await mkdtemp(join(tmpdir(), "pdns-test-"));
  const dnsPort = await freePort();
  const apiPort = await freePort();
  const apiKey = randomBytes(16).toString("hex");
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  let pid = 0;

  async function start(): Promise<void> {
    const { stdout } = await run("bash", [join(ROOT, "scripts/infra.sh"), "pdns", dir, String(dnsPort), String(apiPort), apiKey], { cwd: ROOT, timeout: 600_000 });
    pid = Number(stdout.trim().split("\n").pop());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`pdns did not report a pid: ${stdout}`);
  }

  async function stop(): Promise<void> {
    if (!pid || !alive(pid)) return;
    process.kill(pid, "SIGTERM");
    const p = pid;
    await waitUntil("pdns to exit", async () => (alive(p) ? undefined : true), 15_000);
    pid = 0;
  }

  await start();
  return {
    apiUrl,
    apiKey,
    dnsPort,
    async createZone(name: string) {
      const zone = name.endsWith(".") ? name : `${name}.`;
      const res = await fetch(`${apiUrl}/api/v1/servers/localhost/zones`, {
        method: "POST",
        headers: { "X-API-Key": apiKey, "content-type": "application/json" },
        body: JSON.stringify({ name: zone, kind: "Native", nameservers: [`ns1.${zone}`] }),
      });
      if (res.status !== 201) throw new Error(`pdns zone creation failed: ${res.status} ${await res.text()}`);
    },
    resolver() {
      const r = new Resolver({ timeout: 2_000, tries: 2 });
      r.setServers([`127.0.0.1:${dnsPort}`]);
      return r;
    },
    stop,
    start,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
