import { createContext } from "preact";
import { useContext, useEffect, useRef } from "preact/hooks";
import type { Me } from "../api.ts";
import { usePolling, type Polled } from "../hooks.ts";
import type { OrgRole, Organization } from "./org-api.ts";
import type { FeedState, OrgEventFeed } from "./org-events.ts";

/** The organization a tenant page shows, the signed-in user's role in it, and its live events. */
export interface OrgView {
  org: Organization;
  role: OrgRole;
  /** Owners and admins change things; a plain member reads (the API refuses a member's writes either way). */
  canWrite: boolean;
  me: Me;
  feed: OrgEventFeed;
  feedState: FeedState;
  /** The user left this organization or deleted it: back to their organizations, asking /me again. */
  leave: () => void;
}

export const OrgContext = createContext<OrgView | undefined>(undefined);

export function useOrg(): OrgView {
  const view = useContext(OrgContext);
  if (!view) throw new Error("useOrg outside an organization's pages");
  return view;
}

/**
 * What a page shows, kept current: reloaded when an event of one of `patterns` arrives while
 * the organization's stream serves (bursts of events make one reload), and asked again every
 * 3 s only when it does not (a plain member, for whom the API keeps the stream closed).
 */
export function useLive<T>(key: string, load: (signal: AbortSignal) => Promise<T>, patterns: readonly string[]): Polled<T> {
  const { feed, feedState } = useOrg();
  const polled = usePolling(key, load, feedState !== "serving");
  const reload = useRef(polled.reload);
  reload.current = polled.reload;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = feed.subscribe(patterns, () => {
      clearTimeout(timer);
      timer = setTimeout(() => reload.current(), 150);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [feed, key, patterns.join(",")]);
  return polled;
}
