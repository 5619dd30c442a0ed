// `npm run build:server`: the server's JavaScript (dist/) from its TypeScript, as `npm start` and
// the image run it: no TypeScript compiler in the running process (tsx would add its memory, its
// esbuild process and seconds of start-up). The compiler only emits here (`--noCheck`):
// `npm run typecheck` checks the types. `--if-stale` (what `npm start` runs first) builds only
// when a source, a tsconfig or package.json is newer than the last build, so an edited checkout
// never runs old code. Plain JavaScript, as it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

const ROOT = join(import.meta.dirname, "..");
const STAMP = join(ROOT, "dist", ".built");
const CONFIG = "tsconfig.build.json";

/** The newest modification time (ms) of a file, or of any file below a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { withFileTypes: true }).reduce((max, e) => Math.max(max, newest(join(path, e.name))), stat.mtimeMs);
}

function stale() {
  if (!existsSync(STAMP)) return true;
  const { include } = JSON.parse(readFileSync(join(ROOT, CONFIG), "utf8"));
  const sources = [...include, CONFIG, "tsconfig.json", "package.json"].map((p) => join(ROOT, p));
  return Math.max(...sources.map(newest)) > statSync(STAMP).mtimeMs;
}

if (process.argv.includes("--if-stale") && !stale()) process.exit(0);
const tsc = join(ROOT, "node_modules", ".bin", "tsc");
if (!existsSync(tsc)) {
  if (existsSync(STAMP)) process.exit(0); // an install without dev dependencies runs the build it has
  process.stderr.write("the server is not built (dist/) and TypeScript, a dev dependency, is not installed: run `npm ci`, then `npm run build:server`\n");
  process.exit(1);
}
if (existsSync(STAMP)) process.stderr.write("sources changed since the last build: building the server (dist/)\n");
// a clean build: nothing of a source removed since stays behind
rmSync(join(ROOT, "dist"), { recursive: true, force: true });
const build = spawnSync(tsc, ["-p", CONFIG, "--noCheck"], { cwd: ROOT, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
writeFileSync(STAMP, `${new Date().toISOString()}\n`);
