import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";

const ROOT = resolve(import.meta.dirname, "../..");

/** scripts/build-server.js in a project of its own: one source file, the real TypeScript compiler. */
describe("npm run build:server, and `npm start`'s --if-stale", () => {
  let dir: string;
  const build = (...args: string[]) => spawnSync(process.execPath, [join(dir, "scripts/build-server.js"), ...args], { cwd: dir, encoding: "utf8" });
  const source = (text: string, mtime: Date) => {
    writeFileSync(join(dir, "src/a.ts"), text);
    utimesSync(join(dir, "src/a.ts"), mtime, mtime);
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "build-server-"));
    mkdirSync(join(dir, "scripts"));
    mkdirSync(join(dir, "src"));
    mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
    cpSync(join(ROOT, "scripts/build-server.js"), join(dir, "scripts/build-server.js"));
    symlinkSync(join(ROOT, "node_modules/typescript"), join(dir, "node_modules/typescript"));
    symlinkSync(join(ROOT, "node_modules/.bin/tsc"), join(dir, "node_modules/.bin/tsc"));
    writeFileSync(join(dir, "package.json"), '{"type":"module"}');
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2023", module: "nodenext", outDir: "dist", rootDir: ".", strict: true } }));
    writeFileSync(join(dir, "tsconfig.build.json"), JSON.stringify({ extends: "./tsconfig.json", include: ["src"] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("builds; --if-stale then builds again only when a source is newer than the build, and a removed source leaves nothing behind", () => {
    const past = new Date(Date.now() - 60_000);
    source("export const a: number = 1;\n", past);
    writeFileSync(join(dir, "src/gone.ts"), "export const gone = true;\n");
    assert.equal(build().status, 0);
    assert.match(readFileSync(join(dir, "dist/src/a.js"), "utf8"), /export const a = 1;/);
    assert.ok(existsSync(join(dir, "dist/.built")));

    const untouched = build("--if-stale");
    assert.deepEqual([untouched.status, untouched.stderr], [0, ""], "nothing changed: no build");

    rmSync(join(dir, "src/gone.ts"));
    source("export const a: number = 2;\n", new Date(Date.now() + 60_000));
    const rebuilt = build("--if-stale");
    assert.deepEqual([rebuilt.status, rebuilt.stderr], [0, "sources changed since the last build: building the server (dist/)\n"]);
    assert.match(readFileSync(join(dir, "dist/src/a.js"), "utf8"), /export const a = 2;/);
    assert.ok(!existsSync(join(dir, "dist/src/gone.js")), "the build is clean");
  });

  it("emits without checking types (npm run typecheck does), and fails on a syntax error", () => {
    source("export const a: number = 'not a number';\n", new Date(Date.now() + 120_000));
    assert.equal(build().status, 0);
    source("export const a = ;\n", new Date(Date.now() + 180_000));
    assert.notEqual(build().status, 0);
  });
});
