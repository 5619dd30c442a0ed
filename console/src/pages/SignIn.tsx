import { useEffect, useState } from "preact/hooks";
import { api, messageOf, setSession } from "../api.ts";
import { Notice, PageTitle } from "../components.tsx";
import { isWebAddress, parsePastedToken } from "../session.ts";

/**
 * Signing in: through an identity provider (the API's login: start, the provider, back to the
 * console, whose script redeems the answer at the callback route), or by pasting an access
 * token or the TokenPair `npm run token -- --email you@example.com` prints.
 */
export function SignInPage({ notice }: { notice: string | undefined }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [pasted, setPasted] = useState("");
  // only the providers this deployment has configured (GET /auth/providers); undefined while asking
  const [providers, setProviders] = useState<{ name: string; display_name: string }[]>();

  useEffect(() => {
    api.providers().then(setProviders, (err: unknown) => {
      setProviders([]);
      setError(`The identity providers could not be listed: ${messageOf(err)}`);
    });
  }, []);

  const withProvider = async (provider: string, name: string) => {
    setBusy(provider);
    setError(undefined);
    try {
      const { auth_url } = await api.loginStart(provider);
      if (!isWebAddress(auth_url)) throw new Error("the API did not answer a web address to sign in at");
      location.assign(auth_url);
    } catch (err) {
      setError(`Sign-in with ${name} could not start: ${messageOf(err)}`);
      setBusy(undefined);
    }
  };

  const withToken = (e: Event) => {
    e.preventDefault();
    const session = parsePastedToken(pasted);
    if (!session) {
      setError("That is neither an access token nor the JSON that `npm run token` prints.");
      return;
    }
    setError(undefined);
    setPasted("");
    setSession(session);
  };

  return (
    <div class="signin">
      <PageTitle title="Sign in">Sign in to the console</PageTitle>
      {notice !== undefined && <Notice kind="ok">{notice}</Notice>}
      {error !== undefined && <Notice kind="error">{error}</Notice>}
      <section aria-labelledby="providers-title" class="panel">
        <h2 id="providers-title">With your identity provider</h2>
        {providers?.length === 0 && <p class="muted">No identity provider is configured: sign in with a token below.</p>}
        <div class="buttons">
          {(providers ?? []).map((p) => (
            <button key={p.name} type="button" class="primary" disabled={busy !== undefined} onClick={() => void withProvider(p.name, p.display_name)}>
              Sign in with {p.display_name}
            </button>
          ))}
        </div>
      </section>
      <section aria-labelledby="token-title" class="panel">
        <h2 id="token-title">With a token</h2>
        <form onSubmit={withToken}>
          <div class="field wide">
            <label for="token">Access token, or the JSON printed by a token command</label>
            <textarea
              id="token"
              rows={4}
              class="mono"
              value={pasted}
              onInput={(e) => setPasted(e.currentTarget.value)}
              spellcheck={false}
              autoComplete="off"
              aria-describedby="token-hint"
            />
            <small id="token-hint" class="muted">
              For example the output of <code>npm run token -- --email you@example.com</code>. It stays in this browser tab only.
            </small>
          </div>
          <div class="buttons">
            <button type="submit" class="primary">
              Sign in with the token
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
