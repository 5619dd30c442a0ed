import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { entityTagOfBody, ifNoneMatchHolds } from "../../shared/entity-tag.ts";
import { ERROR_CATALOGUE, type ErrorCode } from "../../shared/errors.ts";
import type { GatewayRequest } from "./http.ts";

/**
 * The operator console (`console/`, a Preact app built by Vite into `console/dist`): its static
 * files, read once when the gateway starts and served from memory at `/console/`. Nothing else
 * under the project is reachable: only the files the build wrote.
 */

export const CONSOLE_PATH = "/console";

/**
 * The console's Content-Security-Policy: its own scripts, styles and images only, requests to its
 * own origin only (the API), no inline script or style, no plugins, no framing, no form posts,
 * and Trusted Types enforced (the app never writes HTML as strings).
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'",
].join("; ");

/** Content types by extension; a built file of any other kind is not served. */
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** Vite names every file under assets/ after its content: it never changes, so it may be kept for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The page itself is checked again on every load (it names the current assets). */
const REVALIDATE = "no-cache";
/** Other files of the build (the icon) are kept an hour. */
const HOUR = "public, max-age=3600";

/** The page's own routes (besides `/console/`): the identity providers send the browser back to `/console/callback/<provider>`. */
const PAGE_ROUTES = /^\/callback\/(google|github)$/;

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

/** A file's compressed copy as the build wrote it (console/precompress.ts), if there is one. */
function precompressed(file: string, encoding: "gz" | "br"): Buffer | undefined {
  return existsSync(`${file}.${encoding}`) ? readFileSync(`${file}.${encoding}`) : undefined;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path) : e.isFile() ? [path] : [];
  });
}

/** Which encoding to send: brotli, then gzip, when the request accepts it (a `q=0` refuses). */
function pickEncoding(req: GatewayRequest, asset: Asset): "br" | "gzip" | undefined {
  const header = req.headers["accept-encoding"];
  const accepted = new Set(
    (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(";")[0]!),
  );
  if (asset.br && accepted.has("br")) return "br";
  if (asset.gzip && accepted.has("gzip")) return "gzip";
  return undefined;
}

/** An error in the gateway's plain-text style, with X-Error-Code. */
function answerError(res: ServerResponse, code: ErrorCode, message: string = ERROR_CATALOGUE[code].message, headers: Record<string, string> = {}): void {
  res.statusCode = ERROR_CATALOGUE[code].status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("X-Error-Code", code);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader("Content-Length", Buffer.byteLength(message));
  res.end(message);
}

/** The built console, in memory. */
export class ConsoleSite {
  private readonly files = new Map<string, Asset>();

  /** Reads the build in `dir` (console/dist); without one, every request under /console answers 404 saying so. */
  constructor(readonly dir: string) {
    if (!existsSync(join(dir, "index.html"))) return;
    for (const file of filesUnder(dir)) {
      const ext = extname(file).toLowerCase();
      const type = TYPES[ext];
      if (!type || !statSync(file).isFile()) continue;
      const rel = relative(dir, file).split(sep).join("/");
      const body = readFileSync(file);
      const asset: Asset = {
        body,
        type,
        etag: entityTagOfBody(body),
        cacheControl: rel === "index.html" ? REVALIDATE : rel.startsWith("assets/") ? IMMUTABLE : HOUR,
        gzip: precompressed(file, "gz"),
        br: precompressed(file, "br"),
      };
      this.files.set(`/${rel}`, asset);
    }
  }

  /** True when a build was found. */
  get built(): boolean {
    return this.files.has("/index.html");
  }

  /** Answers a request whose path starts with /console (GET and HEAD only). */
  serve(req: GatewayRequest, res: ServerResponse): void {
    req.routeLabel = `${CONSOLE_PATH}/*`;
    const url = new URL(req.originalUrl ?? req.url ?? "/", "http://console");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      answerError(res, "bad_request");
      return;
    }
    if (path !== CONSOLE_PATH && !path.startsWith(`${CONSOLE_PATH}/`)) {
      // `/consolefoo`: a prefix of our path, not ours
      answerError(res, "not_found");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      answerError(res, "method_not_allowed", undefined, { Allow: "GET, HEAD" });
      return;
    }
    if (path === CONSOLE_PATH) {
      // the page's relative URLs need the slash
      res.statusCode = 308;
      res.setHeader("Location", `${CONSOLE_PATH}/${url.search}`);
      res.setHeader("Content-Length", "0");
      res.end();
      return;
    }
    if (!this.built) {
      answerError(res, "not_found", "the operator console is not built: run `npm run build:console`");
      return;
    }
    const rel = path.slice(CONSOLE_PATH.length);
    const page = rel === "/" || PAGE_ROUTES.test(rel);
    const asset = this.files.get(page ? "/index.html" : rel);
    if (!asset || (!page && rel === "/index.html")) {
      answerError(res, "not_found");
      return;
    }
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", rel.startsWith("/callback/") ? "no-store" : asset.cacheControl);
    res.setHeader("ETag", asset.etag);
    res.setHeader("Content-Security-Policy", CONSOLE_CSP);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (asset.gzip || asset.br) res.setHeader("Vary", "Accept-Encoding");
    if (ifNoneMatchHolds(req.headers["if-none-match"], asset.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = pickEncoding(req, asset);
    const body = encoding ? asset[encoding]! : asset.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  }
}
