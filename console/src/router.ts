import { useEffect, useState } from "preact/hooks";

/**
 * Pages live in the URL's fragment (`#/jobs?status=failed`, `#/jobs/<id>`, `#/queues`,
 * `#/organizations/<id>`): the gateway serves one page, and filters survive a reload, a
 * bookmark and the back button.
 */
export interface Route {
  /** Path segments after `#/`: `["jobs", "<id>"]`. */
  parts: string[];
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, "");
  const [path = "", search = ""] = raw.split("?", 2);
  const parts = path
    .split("/")
    .filter((p) => p !== "")
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  return { parts, params: new URLSearchParams(search) };
}

/** `#/jobs?status=failed`: a link to a page with its parameters (empty ones left out). */
export function href(parts: string[], params: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const search = q.toString();
  return `#/${parts.map(encodeURIComponent).join("/")}${search ? `?${search}` : ""}`;
}

export function navigate(to: string): void {
  if (location.hash !== to) location.hash = to;
}

/** The current route, following the fragment. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseHash(location.hash));
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return route;
}
