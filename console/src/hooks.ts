import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { messageOf } from "./api.ts";
import { Poller } from "./poller.ts";

/** How often the live views ask again. */
export const REFRESH_MS = 3_000;

export interface Polled<T> {
  data: T | undefined;
  /** The last failure's message (the data shown is then the last good answer). */
  error: string | undefined;
  /** The failure itself (its status tells a missing resource from an outage). */
  failure: unknown;
  loading: boolean;
  /** When the data was last fetched. */
  at: Date | undefined;
  /** Fetch again now. */
  reload: () => void;
  /** Shows `change(data)` at once (what an action answered), until the next answer replaces it. */
  update: (change: (data: T) => T) => void;
}

/**
 * Fetches with `load` now and, while `live`, again `everyMs` after each answer (Poller: one
 * request at a time, so a slow API is waited for, not asked again and again; not while the tab
 * is hidden, and at once when it shows again). A new `key` (other filters) or leaving the page
 * aborts the request in flight; an answer to an older key is never shown.
 */
export function usePolling<T>(key: string, load: (signal: AbortSignal) => Promise<T>, live: boolean, everyMs = REFRESH_MS): Polled<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: string; failure?: unknown; at?: Date; loading: boolean }>({ key, loading: true });
  const loadRef = useRef(load);
  loadRef.current = load;
  const liveRef = useRef(live);
  liveRef.current = live;
  const poller = useRef<Poller<T>>(undefined);

  useEffect(() => {
    setState((s) => (s.key === key ? { ...s, loading: true } : { key, loading: true }));
    const p = new Poller<T>({
      load: (signal) => loadRef.current(signal),
      everyMs,
      visible: () => document.visibilityState === "visible",
      onData: (data) => setState({ key, data, at: new Date(), loading: false }),
      onError: (err) => setState((s) => ({ ...(s.key === key ? s : { key }), error: messageOf(err), failure: err, loading: false })),
    });
    poller.current = p;
    p.start(liveRef.current);
    const shown = () => p.shown();
    document.addEventListener("visibilitychange", shown);
    return () => {
      p.stop();
      document.removeEventListener("visibilitychange", shown);
    };
  }, [key, everyMs]);

  useEffect(() => poller.current?.setLive(live), [live]);

  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    poller.current?.reload();
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.data === undefined ? s : { ...s, data: change(s.data) }));
  }, []);

  const same = state.key === key;
  return {
    data: same ? state.data : undefined,
    error: same ? state.error : undefined,
    failure: same ? state.failure : undefined,
    loading: state.loading || !same,
    at: same ? state.at : undefined,
    reload,
    update,
  };
}

/** The time now, moving every second (ages shown between two refreshes keep counting). */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
