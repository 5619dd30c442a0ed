import { Errors } from "moleculer";
import * as oidc from "openid-client";
import { z } from "zod";
import type { AppConfig } from "../../shared/config.ts";
import { PROVIDERS, type IdentityProvider, type LoginReturn, type ProviderName } from "../../shared/contracts/auth.ts";
import { MESSAGES } from "../../shared/errors.ts";

/** What a provider tells us about the person who signed in. */
export interface ProviderIdentity {
  provider: ProviderName;
  /** The provider's stable account id (`sub` for OpenID Connect, the numeric id for GitHub). */
  subject: string;
  /** Verified e-mail addresses only, lower-case; `primary` marks the provider's primary one. */
  emails: { email: string; primary: boolean }[];
  display_name: string;
  avatar_url: string;
}

/** What `start` must remember until the callback (stored with the state). */
export interface AuthorizationRequest {
  auth_url: string;
  code_verifier: string;
  nonce: string;
  /** The redirect URI the request names ("" for the API's callback route, the default). */
  redirect_uri: string;
}

/** The provider's redirect back to us: the query of GET /auth/{provider}/callback. */
export interface AuthorizationResponse {
  code?: string | undefined;
  state: string;
  iss?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
}

const GOOGLE_SCOPE = "openid email profile";
const GITHUB_SCOPE = "read:user user:email";
/** Discovery documents are re-read after this long (the provider's JWKS is refetched by openid-client on an unknown kid). */
const DISCOVERY_TTL_MS = 60 * 60_000;
const HTTP_TIMEOUT_SECONDS = 10;

const loopback = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Plain http to a provider: only to a loopback address, or outside production (private test deployments). */
function httpAllowed(url: string, cfg: AppConfig): boolean {
  const u = new URL(url);
  if (u.protocol === "https:") return false;
  return loopback.has(u.hostname) || cfg.NODE_ENV !== "production";
}

/** Why a login failed at the provider, for the operator's log: error class and codes, never tokens. */
export interface LoginFailure {
  provider: ProviderName;
  error: string;
  code?: string;
  oauth_error?: string;
}

/** A provider failure the caller cannot fix: unreachable provider (503) vs a refused login (401). */
function exchangeFailure(err: unknown): Error {
  const e = err as { name?: string; message?: string; cause?: unknown };
  const network = (e instanceof TypeError && e.cause !== undefined) || e.name === "AbortError" || e.name === "TimeoutError";
  if (network) return MESSAGES.identityProviderUnavailable.error();
  return MESSAGES.loginFailed.error();
}

function describeFailure(provider: ProviderName, err: unknown): LoginFailure {
  const e = err as { name?: unknown; code?: unknown; error?: unknown };
  const out: LoginFailure = { provider, error: typeof e.name === "string" ? e.name : "Error" };
  if (typeof e.code === "string") out.code = e.code;
  if (typeof e.error === "string" && /^[\w.-]{1,64}$/.test(e.error)) out.oauth_error = e.error;
  return out;
}

const GithubUser = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  login: z.string().default(""),
  name: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(),
});
const GithubEmails = z.array(z.object({ email: z.string(), primary: z.boolean().default(false), verified: z.boolean().default(false) }));

/** An OpenID Connect provider found by discovery: google, or one of OIDC_PROVIDERS. */
interface OidcProvider {
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret?: string | undefined;
  scopes: string;
}

/** The OpenID Connect providers of a configuration, by name (google first when configured). */
function oidcProviders(cfg: AppConfig): Map<string, OidcProvider> {
  const out = new Map<string, OidcProvider>();
  if (cfg.GOOGLE_CLIENT_ID !== undefined) {
    out.set("google", { display_name: "Google", issuer: cfg.GOOGLE_ISSUER_URL, client_id: cfg.GOOGLE_CLIENT_ID, client_secret: cfg.GOOGLE_CLIENT_SECRET, scopes: GOOGLE_SCOPE });
  }
  for (const p of cfg.oidcProviders) out.set(p.name, p);
  return out;
}

/**
 * The identity providers: OpenID Connect ones (`google` and those of OIDC_PROVIDERS) through
 * discovery (code flow with PKCE and nonce, ID token validated by openid-client), `github` as
 * plain OAuth 2 (code flow with PKCE) followed by the user and user e-mails API.
 */
export class SocialProviders {
  private readonly oidc: Map<string, OidcProvider>;
  private readonly discovered = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();
  private github?: oidc.Configuration;

  constructor(
    private readonly cfg: AppConfig,
    /** Told about every refused or failed exchange (for a warning log line). */
    private readonly onFailure: (failure: LoginFailure) => void = () => {},
  ) {
    this.oidc = oidcProviders(cfg);
  }

  /** A built-in provider's name or a configured one's (anything else is an unknown provider). */
  isKnown(provider: ProviderName): boolean {
    return (PROVIDERS as readonly string[]).includes(provider) || this.oidc.has(provider);
  }

  isConfigured(provider: ProviderName): boolean {
    return provider === "github" ? this.cfg.GITHUB_CLIENT_ID !== undefined : this.oidc.has(provider);
  }

  /** GET /auth/providers: the configured providers, name and display name only. */
  list(): IdentityProvider[] {
    const out: IdentityProvider[] = [];
    const google = this.oidc.get("google");
    if (google) out.push({ name: "google", display_name: google.display_name });
    if (this.cfg.GITHUB_CLIENT_ID !== undefined) out.push({ name: "github", display_name: "GitHub" });
    for (const [name, p] of this.oidc) if (name !== "google") out.push({ name, display_name: p.display_name });
    return out;
  }

  /**
   * Where the provider sends the browser back to: our callback route, or for a login started by
   * the operator console the console's page, whose script calls the callback route with the same query.
   */
  redirectUri(provider: ProviderName, returnTo: LoginReturn = "api"): string {
    const base = (this.cfg.AUTH_CALLBACK_BASE_URL ?? `http://localhost:${this.cfg.PORT}`).replace(/\/+$/, "");
    return returnTo === "console" ? `${base}/console/callback/${provider}` : `${base}/api/v1/auth/${provider}/callback`;
  }

  /** The provider's authorization URL for `state`, with a fresh PKCE verifier (and nonce for OIDC). */
  async authorizationRequest(provider: ProviderName, state: string, returnTo: LoginReturn = "api"): Promise<AuthorizationRequest> {
    const config = await this.configuration(provider);
    const code_verifier = oidc.randomPKCECodeVerifier();
    const redirectUri = this.redirectUri(provider, returnTo);
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(code_verifier),
      code_challenge_method: "S256",
    };
    let nonce = "";
    const openid = this.oidc.get(provider);
    if (openid) {
      nonce = oidc.randomNonce();
      params.scope = openid.scopes;
      params.nonce = nonce;
    } else {
      params.scope = GITHUB_SCOPE;
    }
    return { auth_url: oidc.buildAuthorizationUrl(config, params).href, code_verifier, nonce, redirect_uri: returnTo === "api" ? "" : redirectUri };
  }

  /** Exchanges the code (checking state, PKCE, and for google the ID token) and reads the identity. */
  async complete(provider: ProviderName, response: AuthorizationResponse, stored: { code_verifier: string; nonce: string; redirect_uri?: string }): Promise<ProviderIdentity> {
    const config = await this.configuration(provider);
    // the URI the authorization request named: the token exchange sends it again
    const current = new URL(stored.redirect_uri || this.redirectUri(provider));
    for (const k of ["code", "state", "iss", "error", "error_description"] as const) {
      const v = response[k];
      if (v !== undefined) current.searchParams.set(k, v);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: response.state,
        pkceCodeVerifier: stored.code_verifier,
        ...(provider !== "github" ? { expectedNonce: stored.nonce, idTokenExpected: true } : {}),
      });
    } catch (err) {
      this.onFailure(describeFailure(provider, err));
      throw exchangeFailure(err);
    }
    try {
      return provider === "github" ? await this.githubIdentity(tokens.access_token) : await this.oidcIdentity(provider, config, tokens);
    } catch (err) {
      this.onFailure(describeFailure(provider, err));
      if (err instanceof Errors.MoleculerError) throw err;
      throw exchangeFailure(err);
    }
  }

  private async oidcIdentity(
    provider: ProviderName,
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<ProviderIdentity> {
    const claims = tokens.claims();
    if (!claims) throw MESSAGES.loginFailed.error();
    let info: Record<string, unknown> = { ...claims };
    if (typeof info.email !== "string") {
      // Providers that keep scope claims out of the ID token serve them from userinfo.
      info = { ...info, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    }
    const verified = info.email_verified === true || info.email_verified === "true";
    const emails = typeof info.email === "string" && verified ? [{ email: info.email.toLowerCase(), primary: true }] : [];
    return {
      provider,
      subject: claims.sub,
      emails,
      display_name: typeof info.name === "string" ? info.name : "",
      avatar_url: typeof info.picture === "string" ? info.picture : "",
    };
  }

  private async githubIdentity(accessToken: string): Promise<ProviderIdentity> {
    const base = this.cfg.GITHUB_API_URL.replace(/\/+$/, "");
    const get = async (path: string): Promise<unknown> => {
      const res = await fetch(`${base}${path}`, {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: "application/vnd.github+json",
          "x-github-api-version": "2022-11-28",
          "user-agent": "cluster-infra-api",
        },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_SECONDS * 1000),
      });
      if (!res.ok) throw MESSAGES.loginFailed.error();
      return res.json();
    };
    const user = GithubUser.parse(await get("/user"));
    const emails = GithubEmails.parse(await get("/user/emails"))
      .filter((e) => e.verified && z.email().safeParse(e.email).success)
      .map((e) => ({ email: e.email.toLowerCase(), primary: e.primary }));
    return {
      provider: "github",
      subject: String(user.id),
      emails,
      display_name: user.name || user.login,
      avatar_url: user.avatar_url ?? "",
    };
  }

  private async configuration(provider: ProviderName): Promise<oidc.Configuration> {
    if (!this.isConfigured(provider)) throw MESSAGES.providerNotConfigured.error();
    const openid = this.oidc.get(provider);
    return openid ? this.oidcConfiguration(provider, openid) : this.githubConfiguration();
  }

  private oidcConfiguration(name: string, p: OidcProvider): Promise<oidc.Configuration> {
    let entry = this.discovered.get(name);
    if (!entry || Date.now() - entry.at > DISCOVERY_TTL_MS) {
      const config = oidc.discovery(
        new URL(p.issuer),
        p.client_id,
        p.client_secret ? { client_secret: p.client_secret } : {},
        p.client_secret ? oidc.ClientSecretPost(p.client_secret) : oidc.None(),
        // deprecated only "to make it stand out": used for an http:// issuer, allowed in development only
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        { execute: httpAllowed(p.issuer, this.cfg) ? [oidc.allowInsecureRequests] : [], timeout: HTTP_TIMEOUT_SECONDS },
      );
      const fresh = { config, at: Date.now() };
      entry = fresh;
      this.discovered.set(name, fresh);
      config.catch(() => {
        if (this.discovered.get(name) === fresh) this.discovered.delete(name);
      });
    }
    return entry.config.catch(() => {
      throw MESSAGES.identityProviderUnavailable.error();
    });
  }

  private async githubConfiguration(): Promise<oidc.Configuration> {
    const cfg = this.cfg;
    if (!this.github) {
      const server: oidc.ServerMetadata = {
        issuer: new URL(cfg.GITHUB_AUTHORIZE_URL).origin,
        authorization_endpoint: cfg.GITHUB_AUTHORIZE_URL,
        token_endpoint: cfg.GITHUB_TOKEN_URL,
      };
      const config = new oidc.Configuration(
        server,
        cfg.GITHUB_CLIENT_ID!,
        cfg.GITHUB_CLIENT_SECRET ? { client_secret: cfg.GITHUB_CLIENT_SECRET } : {},
        cfg.GITHUB_CLIENT_SECRET ? oidc.ClientSecretPost(cfg.GITHUB_CLIENT_SECRET) : oidc.None(),
      );
      config.timeout = HTTP_TIMEOUT_SECONDS;
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above: an http:// token URL, development only
      if (httpAllowed(cfg.GITHUB_TOKEN_URL, cfg)) oidc.allowInsecureRequests(config);
      this.github = config;
    }
    return this.github;
  }
}
