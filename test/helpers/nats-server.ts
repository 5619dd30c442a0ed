import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { freePort, waitUntil } from "./processes.ts";

export interface NatsServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM: it closes its clients' connections). */
  stop(): Promise<void>;
  /** Starts it again on the same port after `stop` (an outage of the bus and its end). */
  restart(): Promise<void>;
}

function answers(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(undefined));
  });
}

/**
 * A throw-away nats-server on 127.0.0.1 (no JetStream: Moleculer does not need it), admitting only
 * `user`/`pass` when given. Tests that stop and restart the bus use their own, never the shared one.
 */
export async function startNatsServer(user?: string, pass?: string): Promise<NatsServer> {
  const port = await freePort();
  const auth = user !== undefined && pass !== undefined ? ["--user", user, "--pass", pass] : [];
  let child: ChildProcess;
  let exited: Promise<void>;
  const launch = async () => {
    child = spawn(process.env.NATS_SERVER_BIN ?? "nats-server", ["-a", "127.0.0.1", "-p", String(port), ...auth], { stdio: ["ignore", "ignore", "pipe"] });
    const c = child;
    exited = new Promise<void>((r) => c.once("exit", () => r()));
    await waitUntil(`nats-server on port ${port}`, () => answers(port), 15_000);
  };
  await launch();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
    restart: launch,
  };
}
