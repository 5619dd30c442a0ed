import { ApiError, ClusterClient, ok, UnexpectedResponseError, type operations, type TokenPair } from "../../src/index.ts";
import { type Command, type Ctx, NotLoggedIn, UsageError, choice, readStdin } from "../command.ts";
import { loginOf } from "../config.ts";
import { printable, renderFields } from "../output.ts";

type Provider = operations["postAuthProviderStart"]["parameters"]["path"]["provider"];

const PROVIDERS = { google: true, github: true } as const satisfies Record<Provider, true>;

function parsePair(text: string): TokenPair {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError("standard input is not a token pair (JSON with access_token and refresh_token)");
  }
  const pair = value as Partial<TokenPair> | null;
  if (typeof pair?.access_token !== "string" || typeof pair.refresh_token !== "string" || pair.token_type !== "Bearer" || typeof pair.expires_in !== "number") {
    throw new UsageError("standard input is not a token pair (JSON with access_token, refresh_token, token_type Bearer and expires_in)");
  }
  return pair as TokenPair;
}

const isText = (v: unknown): v is string => typeof v === "string";

/**
 * The /me answer when it has what the commands show (a server or a proxy answering something
 * else is an UnexpectedResponseError, exit 5, not a crash of the tool).
 */
function checkedMe<T>(me: T, baseUrl: string): T {
  const m = me as Partial<Record<"id" | "primary_email" | "display_name" | "is_admin" | "organizations", unknown>> | null;
  const orgs = m?.organizations;
  const orgsOk = Array.isArray(orgs) && orgs.every((o: unknown) => isText((o as { id?: unknown } | null)?.id) && isText((o as { name?: unknown }).name));
  if (!m || !isText(m.id) || !isText(m.primary_email) || !isText(m.display_name) || typeof m.is_admin !== "boolean" || !orgsOk) {
    throw new UnexpectedResponseError(`${baseUrl}/api/v1/me`, 200, "application/json", "that is not a user (id, primary_email, display_name, is_admin, organizations)");
  }
  return me;
}

/** Checks a pair with GET /me (refreshing it if it has expired) and stores the pair that worked. */
async function store(ctx: Ctx, url: string, pair: TokenPair): Promise<void> {
  let current = pair;
  const client = new ClusterClient({
    baseUrl: url,
    timeoutMs: ctx.timeoutMs,
    auth: {
      type: "bearer",
      accessToken: pair.access_token,
      refreshToken: pair.refresh_token,
      onRefresh: (p) => {
        current = p;
      },
    },
  });
  const me = checkedMe(await ok(client.api.GET("/api/v1/me")), url);
  await ctx.store.update((c) => ({ ...c, login: loginOf(url, current) }));
  ctx.print({ url, user: me }, () => `Logged in to ${url} as ${printable(me.primary_email)} (${printable(me.id)}).\n`);
}

export const AUTH_COMMANDS: Command[] = [
  {
    path: ["login"],
    summary: "store a token pair for this gateway (or refresh the stored one)",
    usage: "[--provider google|github] [--refresh]",
    details: [
      "Reads a token pair (JSON) on standard input, checks it with GET /api/v1/me and stores it in",
      "$XDG_CONFIG_HOME/clusterctl/config.json (~/.config/clusterctl when unset), readable by you only.",
      "Locally: npm run --silent token -- --email you@example.com | clusterctl login",
      "--provider: prints the provider's sign-in URL first; paste the pair its callback page shows.",
      "--refresh: exchanges the stored refresh token for a new pair now (POST /api/v1/auth/refresh).",
      "Every command refreshes the stored pair by itself when the API answers 401.",
    ],
    options: { provider: { type: "string" }, refresh: { type: "boolean", default: false } },
    async run(ctx) {
      const url = await ctx.url();
      if (ctx.values.refresh === true) {
        const login = (await ctx.store.read()).login;
        if (login?.url !== url) throw new NotLoggedIn(`not logged in to ${url}: nothing to refresh`);
        const client = await ctx.client();
        let pair: TokenPair;
        try {
          pair = await client.refresh();
        } catch (err) {
          // a refused refresh token is an authentication failure, whatever its status
          if (err instanceof ApiError && err.status < 500 && err.status !== 429) throw new NotLoggedIn(`the stored login was refused (${err.message}): run \`clusterctl login\``);
          throw err;
        }
        await ctx.store.update((c) => ({ ...c, login: loginOf(url, pair) }));
        ctx.print({ url, expires_in: pair.expires_in }, () => `Refreshed the login to ${url} (the access token is valid for ${pair.expires_in} s).\n`);
        return;
      }
      const provider = choice(ctx.values, "provider", PROVIDERS);
      if (provider !== undefined) {
        const client = new ClusterClient({ baseUrl: url, timeoutMs: ctx.timeoutMs });
        const { auth_url } = await ok(client.api.POST("/api/v1/auth/{provider}/start", { params: { path: { provider } }, body: {} }));
        ctx.io.stderr.write(`Sign in at:\n  ${auth_url}\nthen paste the token pair the page shows and end with Ctrl-D.\n`);
      } else if (ctx.io.stdin.isTTY) {
        ctx.io.stderr.write("Paste a token pair (JSON) and end with Ctrl-D:\n");
      }
      await store(ctx, url, parsePair(await readStdin(ctx)));
    },
  },
  {
    path: ["logout"],
    summary: "revoke the stored login (POST /api/v1/auth/logout) and forget it",
    usage: "",
    async run(ctx) {
      const config = await ctx.store.read();
      if (!config.login) throw new NotLoggedIn("not logged in");
      const { login } = config;
      const client = new ClusterClient({ baseUrl: login.url, timeoutMs: ctx.timeoutMs });
      try {
        await ok(client.api.POST("/api/v1/auth/logout", { body: { refresh_token: login.refresh_token } }));
      } catch (err) {
        // a refresh token the server no longer knows is as good as revoked; any other failure keeps the login
        if (!(err instanceof ApiError && (err.status === 401 || err.status === 400))) throw err;
      }
      await ctx.store.update(({ login: _gone, ...rest }) => rest);
      ctx.print({ url: login.url }, () => `Logged out of ${login.url}.\n`);
    },
  },
  {
    path: ["whoami"],
    summary: "the signed-in user (GET /api/v1/me)",
    usage: "",
    async run(ctx) {
      const client = await ctx.client();
      const me = checkedMe(await ok(client.api.GET("/api/v1/me")), client.baseUrl);
      ctx.print(me, () =>
        renderFields([
          ["ID", me.id],
          ["EMAIL", me.primary_email],
          ["NAME", me.display_name],
          ["ADMIN", String(me.is_admin)],
          ["ORGANIZATIONS", me.organizations.map((o) => `${o.name} (${o.id})`).join(", ")],
        ]),
      );
    },
  },
];
