import { exportJWK, generateKeyPair } from "jose";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** An account of the local OpenID provider (the claims it releases). */
export interface OidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface LocalOidcProvider {
  /** Issuer URL (GOOGLE_ISSUER_URL). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization signs in as (the interaction approves it automatically). */
  signInAs(account: OidcAccount): void;
  /** Number of successful token endpoint exchanges so far. */
  tokenExchanges(): number;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider 9) on 127.0.0.1 standing in for Google: discovery,
 * authorization endpoint with PKCE required, token endpoint, signed ID tokens, userinfo. Its login
 * and consent interaction approves the account given to `signInAs` (a browser user clicking
 * "allow"), through the provider's real interaction API and cookies.
 */
export async function startOidcProvider(opts: {
  redirectUri: string;
  /** Further redirect URIs the client registers (the operator console's). */ moreRedirectUris?: string[];
}): Promise<LocalOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let current: OidcAccount | undefined;
  let exchanges = 0;
  const clientId = `client-${randomBytes(4).toString("hex")}`;
  const clientSecret = randomBytes(24).toString("base64url");

  const server: Server = createServer();
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), kid: "idp-1", alg: "RS256", use: "sig" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri, ...(opts.moreRedirectUris ?? [])],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  provider.on("grant.success", () => {
    exchanges += 1;
  });

  const handle = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith("/interaction/")) {
      void interact(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    handle(req, res);
  });

  /** Auto-approves: login as the chosen account, then consent to what the client asked for. */
  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const { prompt, params, session } = details;
    if (prompt.name === "login") {
      if (!current) throw new Error("no account chosen: call signInAs() first");
      accounts.set(current.sub, current);
      await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(" "));
    if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    tokenExchanges: () => exchanges,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
