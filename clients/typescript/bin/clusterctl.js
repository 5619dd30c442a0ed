#!/usr/bin/env node
// clusterctl (`npx --no-install clusterctl` in a checkout): runs the TypeScript sources through tsx,
// a dev dependency of the repository; see cli/main.ts.
import process from "node:process";

let register;
try {
  ({ register } = await import("tsx/esm/api"));
} catch {
  process.stderr.write(
    "clusterctl: runs its TypeScript sources through tsx, a dev dependency of the repository: install with `npm ci` (not --omit=dev) and run `npx --no-install clusterctl` in the checkout\n",
  );
  process.exit(1);
}
register();
const { main } = await import("../cli/main.ts");
const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() });
process.exitCode = code;
