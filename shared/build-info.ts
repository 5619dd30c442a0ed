import { execFileSync } from "node:child_process";
import type { VersionResponse } from "./contracts/api.ts";
import type { AppConfig } from "./config.ts";
import { projectVersion } from "./project-root.ts";

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
 * Build information: from BUILD_* variables (the image's build args, docs/operations/distributed.md, "docker compose"),
 * else from the git checkout the process runs in, else the package version and `unknown`.
 * `go`/`goArch`/`goOS` carry Node's runtime facts.
 */
export function buildInfo(cfg: AppConfig, startedAt: Date): VersionResponse {
  const commit = cfg.BUILD_COMMIT ?? git(["rev-parse", "HEAD"]) ?? "unknown";
  const fromGit = cfg.BUILD_COMMIT === undefined && commit !== "unknown";
  return {
    version: cfg.BUILD_VERSION ?? projectVersion(),
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
