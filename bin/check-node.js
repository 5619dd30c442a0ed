// Plain JavaScript that any Node runs: `npm start` and `npm run repl` begin with it, so a Node older
// than package.json's engines stops with one line naming the version needed (instead of
// "bad option: --experimental-async-context-frame").
import { readFileSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";

const wanted = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const need = Number(/\d+/.exec(wanted)?.[0] ?? 0);
const have = Number(process.versions.node.split(".")[0]);
if (have < need) {
  process.stderr.write(
    `cluster-infra-api needs Node ${need} or newer (package.json engines: "${wanted}"); this is Node ${process.versions.node}. ` +
      `Install Node ${need}, or run \`npm ci\` with dev dependencies: it installs the project's own Node ${need}, which the npm scripts use.\n`,
  );
  process.exit(1);
}
