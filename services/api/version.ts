import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { VersionResponse } from "../../shared/contracts/api.ts";
import type { AppConfig } from "../../shared/config.ts";

function git(args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { stdio: ["ignore", "pipe", "ignore"], timeout: 2000 })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

/**
 * The version in the project's package.json: two levels up from this file when it runs from
 * source (services/api/), three from the build (dist/services/api/, the image's /app/package.json).
 */
function packageVersion(): string {
  for (const up of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), "utf8")) as { name?: string; version?: string };
      if (pkg.name === "cluster-infra-api" && pkg.version) return pkg.version;
    } catch {
      // not there: try the next place
    }
  }
  return "0.0.0";
}

/**
 * Build information: from BUILD_* variables (the image's build args, README "docker compose"),
 * else from the git checkout the process runs in, else the package version and `unknown`.
 * `go`/`goArch`/`goOS` carry Node's runtime facts.
 */
export function buildInfo(cfg: AppConfig, startedAt: Date): VersionResponse {
  const commit = cfg.BUILD_COMMIT ?? git(["rev-parse", "HEAD"]) ?? "unknown";
  const fromGit = cfg.BUILD_COMMIT === undefined && commit !== "unknown";
  return {
    version: cfg.BUILD_VERSION ?? packageVersion(),
    commit,
    commitTime: cfg.BUILD_COMMIT_TIME ?? (fromGit ? (git(["show", "-s", "--format=%cI", "HEAD"]) ?? "") : ""),
    revision: commit.slice(0, 12),
    vcs: commit === "unknown" ? "" : "git",
    built: cfg.BUILD_DATE ?? startedAt.toISOString(),
    builtBy: cfg.BUILD_BY ?? "source",
    go: process.version,
    goArch: process.arch,
    goOS: process.platform,
    modified: fromGit ? (git(["status", "--porcelain", "--untracked-files=no"]) ?? "") !== "" : false,
  };
}
