import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { TokenPair } from "../src/index.ts";

/** A stored login: the gateway it was made at and its token pair. */
export interface StoredLogin {
  url: string;
  access_token: string;
  refresh_token: string;
  /** When the access token expires (ISO 8601), from `expires_in` when the pair was stored. */
  expires_at: string;
}

/** What `clusterctl` keeps between runs. */
export interface CliConfig {
  login?: StoredLogin;
  /** The organization `orgs use` chose (X-Org-ID of [org] commands). */
  org?: string;
}

/** `$XDG_CONFIG_HOME/clusterctl/config.json`, `~/.config/clusterctl/config.json` when XDG_CONFIG_HOME is unset or not absolute. */
export function configFile(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && xdg.startsWith("/") ? xdg : join(env.HOME || homedir(), ".config");
  return join(base, "clusterctl", "config.json");
}

export function loginOf(url: string, pair: TokenPair, now = Date.now()): StoredLogin {
  return { url, access_token: pair.access_token, refresh_token: pair.refresh_token, expires_at: new Date(now + pair.expires_in * 1000).toISOString() };
}

/** The configuration file: read once, written whole (owner-only, replaced atomically) on every change. */
export class ConfigStore {
  constructor(readonly file: string) {}

  async read(): Promise<CliConfig> {
    let text: string;
    try {
      text = await readFile(this.file, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw err;
    }
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  }

  async update(change: (config: CliConfig) => CliConfig): Promise<CliConfig> {
    const next = change(await this.read());
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    // mkdir's mode applies to a folder it creates only: one that existed is made owner-only too
    await chmod(dirname(this.file), 0o700);
    // a new file renamed over the old one: a failed write leaves the old file whole
    const tmp = `${this.file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      await rename(tmp, this.file);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
    return next;
  }
}
