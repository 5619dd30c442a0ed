/**
 * A minimal browser for sign-in flows: follows redirects by hand, keeping the cookies each host
 * sets, until the identity provider sends the browser to `stopAt` (our callback). Returns that
 * final URL (with `code`, `state`, …) without requesting it, so the test calls our API itself.
 */
export async function followToCallback(startUrl: string, stopAt: string, maxHops = 20): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = new URL(startUrl);
  for (let hop = 0; hop < maxHops; hop++) {
    if (url.href.startsWith(stopAt)) return url;
    const cookies = jar.get(url.host);
    const headers: Record<string, string> = {};
    if (cookies && cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, { redirect: "manual", headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const hostJar = jar.get(url.host) ?? new Map<string, string>();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === "") hostJar.delete(name);
      else hostJar.set(name, value);
      jar.set(url.host, hostJar);
    }
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`sign-in stopped at ${url.origin}${url.pathname} with status ${res.status}`);
    }
    url = new URL(location, url);
  }
  throw new Error("too many redirects during sign-in");
}
