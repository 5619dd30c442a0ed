import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { messageOf } from "./api.ts";

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
}

/**
 * Fetches with `load` now and, while `live`, every `everyMs` (not while the tab is hidden, and
 * at once when it shows again). A new `key` (other filters) starts over; an answer to an older
 * key is dropped.
 */
export function usePolling<T>(key: string, load: () => Promise<T>, live: boolean, everyMs = REFRESH_MS): Polled<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: string; failure?: unknown; at?: Date; loading: boolean }>({ key, loading: true });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let current = true;
    setState((s) => (s.key === key ? { ...s, loading: true } : { key, loading: true }));
    loadRef.current().then(
      (data) => {
        if (current) setState({ key, data, at: new Date(), loading: false });
      },
      (err: unknown) => {
        if (current) setState((s) => ({ ...(s.key === key ? s : { key }), error: messageOf(err), failure: err, loading: false }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, tick]);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") reload();
    }, everyMs);
    const shown = () => {
      if (document.visibilityState === "visible") reload();
    };
    document.addEventListener("visibilitychange", shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", shown);
    };
  }, [live, everyMs, reload]);

  const same = state.key === key;
  return {
    data: same ? state.data : undefined,
    error: same ? state.error : undefined,
    failure: same ? state.failure : undefined,
    loading: state.loading || !same,
    at: same ? state.at : undefined,
    reload,
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
