import { spawn } from "node:child_process";
import { connect } from "node:net";
import { freePort, waitUntil } from "./processes.ts";

export interface NatsServer {
  url: string;
  stop(): Promise<void>;
}

/** A throw-away nats-server on 127.0.0.1 that admits only `user`/`pass` (no JetStream: Moleculer does not need it). */
export async function startNatsServer(user: string, pass: string): Promise<NatsServer> {
  const port = await freePort();
  const child = spawn(process.env.NATS_SERVER_BIN ?? "nats-server", ["-a", "127.0.0.1", "-p", String(port), "--user", user, "--pass", pass], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  await waitUntil(
    `nats-server on port ${port}`,
    () =>
      new Promise<true | undefined>((resolve) => {
        const s = connect(port, "127.0.0.1", () => {
          s.destroy();
          resolve(true);
        });
        s.once("error", () => resolve(undefined));
      }),
    15_000,
  );
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
