import { useCallback, useEffect, useRef, useState } from 'react';

/** Search inputs wait this long after the last keystroke (specification §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A stable function that runs `run` once `delay` ms after its last call: a burst of calls (the
 * live events of a round of several items) becomes one reload. A pending run is dropped on unmount.
 */
export function useSoon(run: () => unknown, delay: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void latest.current(), delay);
  }, [delay]);
}
