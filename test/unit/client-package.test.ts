import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, it } from "@jest/globals";

/**
 * How the client package and clusterctl are installed and run (clients/typescript/README.md,
 * "TypeScript client and clusterctl"): the package is not installed on its own, so what it declares must be what the
 * repository installs, and clusterctl runs from a checkout with dev dependencies.
 */

const ROOT = resolve(import.meta.dirname, "../..");

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  bin?: Record<string, string>;
}

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8")) as PackageJson;

describe("the client package and clusterctl", () => {
  const tmp = mkdtempSync(join(tmpdir(), "clusterctl-bin-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("declares only what the repository installs: its dependencies as production ones (same versions), its dev dependencies as dev ones", () => {
    const root = read("package.json");
    const client = read("clients/typescript/package.json");
    for (const [name, version] of Object.entries(client.dependencies ?? {})) {
      assert.equal(root.dependencies?.[name], version, `${name}: a dependency of the client, so \`npm ci --omit=dev\` must install it`);
    }
    for (const [name, version] of Object.entries(client.devDependencies ?? {})) {
      assert.equal(root.devDependencies?.[name] ?? root.dependencies?.[name], version, name);
    }
    // the bin needs tsx, which only a development install has: it is not a dependency of the client
    assert.equal(client.dependencies?.tsx, undefined);
    assert.equal(root.bin?.clusterctl, "clients/typescript/bin/clusterctl.js");
  });

  it("without tsx (an install without dev dependencies), clusterctl says what to do instead of a stack trace", () => {
    // the bin alone, where no node_modules can be found
    mkdirSync(join(tmp, "bin"));
    copyFileSync(join(ROOT, "clients/typescript/bin/clusterctl.js"), join(tmp, "bin", "clusterctl.mjs"));
    const res = spawnSync(process.execPath, [join(tmp, "bin", "clusterctl.mjs"), "--help"], { cwd: tmp, env: { PATH: process.env.PATH ?? "" }, encoding: "utf8" });
    assert.equal(res.status, 1);
    assert.equal(
      res.stderr,
      "clusterctl: runs its TypeScript sources through tsx, a dev dependency of the repository: install with `npm ci` (not --omit=dev) and run `npx --no-install clusterctl` in the checkout\n",
    );
  });

  it("its README (and the front page) call it `npx --no-install clusterctl` (a bare `npx clusterctl` outside the checkout fetches a registry package of that name)", () => {
    const front = readFileSync(join(ROOT, "README.md"), "utf8");
    assert.deepEqual(front.match(/npx clusterctl/g), null);
    const readme = readFileSync(join(ROOT, "clients/typescript/README.md"), "utf8");
    assert.deepEqual(readme.match(/npx clusterctl/g), null);
    assert.ok((readme.match(/npx --no-install clusterctl/g) ?? []).length >= 8);
    assert.doesNotMatch(readme, /adds no dependency/);
  });
});
