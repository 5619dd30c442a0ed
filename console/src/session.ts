import type { TokenPair } from "../../clients/typescript/src/index.ts";

/**
 * The signed-in session: the access token (and the refresh token when the sign-in gave one),
 * kept in this tab's sessionStorage only, so closing the tab forgets them.
 */
export interface Session {
  access_token: string;
  refresh_token?: string;
}

const KEY = "console.session";

export function loadSession(): Session | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (typeof parsed.access_token !== "string") return undefined;
    return { access_token: parsed.access_token, ...(typeof parsed.refresh_token === "string" ? { refresh_token: parsed.refresh_token } : {}) };
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

export function sessionOf(pair: Pick<TokenPair, "access_token" | "refresh_token">): Session {
  return { access_token: pair.access_token, refresh_token: pair.refresh_token };
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * What the operator pasted: an access token, or the TokenPair JSON `npm run token` prints (its
 * refresh token then keeps the session going past the hour), also with the lines npm prints
 * around it. Undefined when it is neither.
 */
export function parsePastedToken(text: string): Session | undefined {
  const value = text.trim().replace(/^Bearer\s+/i, "");
  if (JWT.test(value)) return { access_token: value };
  const start = value.indexOf("{");
  const end = value.lastIndexOf("}");
  if (start < 0 || end < start) return undefined;
  try {
    const pair = JSON.parse(value.slice(start, end + 1)) as Partial<TokenPair>;
    if (typeof pair.access_token === "string" && JWT.test(pair.access_token)) {
      return { access_token: pair.access_token, ...(typeof pair.refresh_token === "string" ? { refresh_token: pair.refresh_token } : {}) };
    }
  } catch {
    // not JSON either
  }
  return undefined;
}

/**
 * Whether an address the API gave to send the browser to (an identity provider's sign-in page)
 * is a web address, http or https: anything else (`javascript:`, `data:`, not an address) is
 * never opened.
 */
export function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}
