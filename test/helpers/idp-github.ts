import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface GithubAccount {
  id: number;
  login: string;
  name: string | null;
  avatar_url?: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface LocalGithub {
  /** GITHUB_AUTHORIZE_URL, GITHUB_TOKEN_URL, GITHUB_API_URL for this server. */
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization approves. */
  signInAs(account: GithubAccount): void;
  /** Requests the server received (method + path, no query), for asserting what was called. */
  requests: string[];
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A small server speaking GitHub's OAuth web flow and REST API as far as sign-in uses them:
 * `GET /login/oauth/authorize` (approves at once, redirecting with `code` and `state`),
 * `POST /login/oauth/access_token` (client credentials, code, redirect_uri and PKCE verifier
 * checked; errors answered GitHub-style with 200 `{error}`), `GET /api/user` and
 * `GET /api/user/emails` with the access token.
 */
export async function startGithub(): Promise<LocalGithub> {
  const clientId = `Iv1.${randomBytes(8).toString("hex")}`;
  const clientSecret = randomBytes(20).toString("hex");
  let current: GithubAccount | undefined;
  const codes = new Map<string, { account: GithubAccount; redirectUri: string; challenge: string | null }>();
  const tokens = new Map<string, GithubAccount>();
  const requests: string[] = [];

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => sendJson(res, 500, { message: String(err) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(`${req.method} ${url.pathname}`);
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== clientId || !redirectUri) {
        sendJson(res, 404, { message: "Not Found" });
        return;
      }
      if (!current) throw new Error("no account chosen: call signInAs() first");
      const code = randomBytes(10).toString("hex");
      const method = url.searchParams.get("code_challenge_method");
      codes.set(code, { account: current, redirectUri, challenge: method === "S256" ? url.searchParams.get("code_challenge") : null });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state) back.searchParams.set("state", state);
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      const raw = await readBody(req);
      const form = (req.headers["content-type"] ?? "").includes("json") ? new URLSearchParams(JSON.parse(raw) as Record<string, string>) : new URLSearchParams(raw);
      const error = (e: string) => sendJson(res, 200, { error: e, error_description: e.replace(/_/g, " "), error_uri: "https://docs.github.com" });
      if (form.get("client_id") !== clientId || !same(form.get("client_secret") ?? "", clientSecret)) {
        error("incorrect_client_credentials");
        return;
      }
      const entry = codes.get(form.get("code") ?? "");
      if (!entry) {
        error("bad_verification_code");
        return;
      }
      codes.delete(form.get("code") ?? "");
      if (form.get("redirect_uri") !== entry.redirectUri) {
        error("redirect_uri_mismatch");
        return;
      }
      if (entry.challenge !== null) {
        const verifier = form.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== entry.challenge) {
          error("bad_verification_code");
          return;
        }
      }
      const token = `gho_${randomBytes(18).toString("hex")}`;
      tokens.set(token, entry.account);
      if (!(req.headers.accept ?? "").includes("json")) {
        res.writeHead(200, { "content-type": "application/x-www-form-urlencoded" });
        res.end(`access_token=${token}&scope=read%3Auser%2Cuser%3Aemail&token_type=bearer`);
        return;
      }
      sendJson(res, 200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      return;
    }
    if (req.method === "GET" && (url.pathname === "/api/user" || url.pathname === "/api/user/emails")) {
      const auth = req.headers.authorization ?? "";
      const account = tokens.get(auth.replace(/^(Bearer|token) /i, ""));
      if (!account) {
        sendJson(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
        return;
      }
      if (url.pathname === "/api/user") {
        sendJson(res, 200, {
          login: account.login,
          id: account.id,
          avatar_url: account.avatar_url ?? `https://avatars.example/u/${account.id}`,
          name: account.name,
          email: account.emails.find((e) => e.primary)?.email ?? null,
          type: "User",
        });
        return;
      }
      sendJson(
        res,
        200,
        account.emails.map((e) => ({ ...e, visibility: e.primary ? "private" : null })),
      );
      return;
    }
    sendJson(res, 404, { message: "Not Found" });
  }

  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authorizeUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    apiUrl: `${base}/api`,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** The environment of a stack whose `github` sign-in goes to this server; callbacks under `callbackBase`. */
export function githubEnv(github: LocalGithub, callbackBase: string): Record<string, string> {
  return {
    AUTH_CALLBACK_BASE_URL: callbackBase,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_AUTHORIZE_URL: github.authorizeUrl,
    GITHUB_TOKEN_URL: github.tokenUrl,
    GITHUB_API_URL: github.apiUrl,
  };
}
