// npm's `prepare` step (after `npm ci` / `npm install`): builds the server's JavaScript
// (`npm run build:server`, dist/) and the operator console (`npm run build:console`), so
// `npm ci && npm start` runs compiled code and serves the console with no extra step. Plain
// JavaScript, as it runs before anything is compiled. Each is skipped, successfully, where it
// cannot be built: without its build tool (TypeScript, Vite: dev dependencies, absent after
// `npm ci --omit=dev`) or without its sources (the Dockerfile installs from the package files
// alone, then builds everything once with `npm run build`).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import process from "node:process";

const BUILDS = [
  {
    script: "build:server",
    what: "the server's JavaScript (dist/)",
    needs: [
      ["node_modules/.bin/tsc", "TypeScript, a dev dependency, is not installed"],
      ["scripts/build-server.js", "its sources are not here"],
      ["tsconfig.build.json", "its sources are not here"],
    ],
  },
  {
    script: "build:console",
    what: "the operator console",
    needs: [
      ["node_modules/.bin/vite", "Vite, a dev dependency, is not installed"],
      ["console/vite.config.ts", "its sources are not here"],
    ],
  },
];

for (const { script, what, needs } of BUILDS) {
  const missing = needs.find(([path]) => !existsSync(path));
  if (missing) {
    process.stdout.write(`prepare: ${what} is not built (${missing[1]}); \`npm run ${script}\` builds it\n`);
    continue;
  }
  const build = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  if (build.status !== 0) {
    process.exitCode = build.status ?? 1;
    break;
  }
}
