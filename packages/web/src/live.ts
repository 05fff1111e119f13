/**
 * A screen's data kept current while it is open: loaded once, then asked again every
 * POLL_INTERVAL_MS with the ETag of what is shown (If-None-Match), so an unchanged answer is a
 * bodiless 304 and only a change is downloaded and drawn. No poll runs while the tab is hidden; one
 * runs as soon as it is shown again. A failed poll keeps what is shown and says so quietly.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Resource } from "./components.js";

/** Modest: a screen left open all day asks about four times a minute, and hears "304" almost every time. */
export const POLL_INTERVAL_MS = 15_000;

/** What a revalidating call answers: the new body and its ETag, or undefined when what the caller holds is current (304). */
export type Revalidation<T> = { data: T; etag: string | undefined } | undefined;

export interface LiveResource<T> extends Resource<T> {
  /** A poll is on its way. */
  refreshing: boolean;
  /** When the service last answered (a load, a 200 or a 304). */
  checkedAt: Date | undefined;
  /** Why the last poll failed; what is shown is as of checkedAt. */
  pollError: string | undefined;
  /** Checks at once, as a poll does (nothing while a load or check is on its way). */
  revalidate: () => void;
}

interface State<T> {
  data?: T;
  error?: string;
  loading: boolean;
  refreshing: boolean;
  checkedAt?: Date;
  pollError?: string;
}

const visible = (): boolean => typeof document === "undefined" || document.visibilityState !== "hidden";

/**
 * `fetch(etag)` asks for the data unless it still has that ETag. `deps` start a new load (another
 * ad, another order); `reload` loads afresh at once.
 */
export function useLiveResource<T>(fetch: (etag: string | undefined) => Promise<Revalidation<T>>, deps: unknown[], intervalMs = POLL_INTERVAL_MS): LiveResource<T> {
  const [state, setState] = useState<State<T>>({ loading: true, refreshing: false });
  const generation = useRef(0);
  const etag = useRef<string | undefined>(undefined);
  const busy = useRef(false);

  const load = useCallback(() => {
    const mine = ++generation.current;
    etag.current = undefined;
    busy.current = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    fetch(undefined).then(
      (answer) => {
        if (mine !== generation.current) return;
        busy.current = false;
        etag.current = answer?.etag;
        setState({ data: answer?.data, loading: false, refreshing: false, checkedAt: new Date() });
      },
      (error: Error) => {
        if (mine !== generation.current) return;
        busy.current = false;
        setState({ error: error.message, loading: false, refreshing: false });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  const poll = useCallback(() => {
    // One request at a time, and none for a tab nobody sees.
    if (busy.current || !visible()) return;
    const mine = generation.current;
    busy.current = true;
    setState((previous) => ({ ...previous, refreshing: true }));
    fetch(etag.current).then(
      (answer) => {
        if (mine !== generation.current) return;
        busy.current = false;
        if (answer) etag.current = answer.etag;
        setState((previous) => ({
          ...(answer ? { data: answer.data } : { data: previous.data }),
          loading: false,
          refreshing: false,
          checkedAt: new Date(),
        }));
      },
      (error: Error) => {
        if (mine !== generation.current) return;
        busy.current = false;
        setState((previous) => ({ ...previous, refreshing: false, pollError: error.message }));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  useEffect(load, [load]);
  useEffect(() => {
    const timer = setInterval(poll, intervalMs);
    const onVisibility = () => visible() && poll();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [poll, intervalMs]);

  return {
    data: state.data,
    error: state.error,
    loading: state.loading,
    reload: load,
    refreshing: state.refreshing,
    checkedAt: state.checkedAt,
    pollError: state.pollError,
    revalidate: poll,
  };
}

/** The "now" a relative time is measured from, moved on every `everyMs` so "há 1 min" becomes "há 2 min" unasked. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
