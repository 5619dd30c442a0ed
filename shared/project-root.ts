import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const PACKAGE_NAME = "cluster-infra-api";

/**
 * The project's root folder (where its package.json is): found by walking up from this file,
 * so it is the same whether the code runs from source (shared/) or from the build (dist/shared/).
 */
export function projectRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file) && (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package.json not found above ${import.meta.dirname}`);
  }
}

/** The version in the project's package.json. */
export function projectVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
}
