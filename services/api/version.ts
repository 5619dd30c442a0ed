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

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/**
 * Build information: from BUILD_* variables (set by the image build), else from the git
 * checkout the process runs in. `go`/`goArch`/`goOS` carry Node's runtime facts.
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
