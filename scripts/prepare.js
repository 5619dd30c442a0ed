// npm's `prepare` step (after `npm ci` / `npm install`): builds the operator console
// (`npm run build:console`), so `npm ci && npm start` serves it with no extra step. Plain
// JavaScript, as it runs before anything is compiled. Skipped, successfully, where the console
// cannot be built: without its build tool (Vite, a dev dependency: `npm ci --omit=dev`) or
// without its sources (the Dockerfile installs from the package files alone, then builds
// everything once with `npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import process from "node:process";

const missing = [
  ["node_modules/.bin/vite", "Vite, a dev dependency, is not installed"],
  ["console/vite.config.ts", "its sources are not here"],
].find(([path]) => !existsSync(path));

if (missing) {
  process.stdout.write(`prepare: the operator console is not built (${missing[1]}); \`npm run build:console\` builds it\n`);
} else {
  const build = spawnSync("npm", ["run", "--silent", "build:console"], { stdio: "inherit" });
  process.exitCode = build.status ?? 1;
}
