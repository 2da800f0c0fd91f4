/**
 * The live feed of the restaurant's screens: an `EventSource` on `/api/restaurant/events` that
 * resumes from the last sequence it saw (`?after=<seq>`, so nothing is missed and nothing comes
 * twice), reconnects with a growing pause (1 s, 2 s, 4 s… up to 15 s) when the Wi-Fi drops, and
 * says so with a banner. A drop is noticed three ways: the stream errors; the browser reports it
 * is offline; or the server's `ping` (every 15 s) stops coming — a Wi-Fi that vanished silently
 * leaves a connection that never errors. The kitchen screen and the waiter's floor plan share it:
 * a «listo» marked in the kitchen reaches the waiter without a reload.
 */
import { useEffect, useRef, useState } from 'react';
import type { RestaurantEvent } from '../api';

/** `connecting` until the first answer, then `online` or `offline` (reconnecting). */
export type FeedState = 'connecting' | 'online' | 'offline';

const MAX_PAUSE_MS = 15_000;
/** A drop shorter than this (a proxy recycling the stream) reconnects without alarming anyone. */
const GRACE_MS = 1_500;
/** Silence after which the connection is taken for dead: a bit more than two server pings. */
const SILENCE_MS = 35_000;

/**
 * Calls `onEvent` for every event, in sequence order, and `onResync` after a reconnection (the
 * screen reloads its lists: a change may have happened while no sequence was known yet).
 */
export function useRestaurantEvents(onEvent: (e: RestaurantEvent) => void, onResync?: () => void): FeedState {
  const [state, setState] = useState<FeedState>('connecting');
  const handlers = useRef({ onEvent, onResync });
  handlers.current = { onEvent, onResync };

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let last: number | null = null;
    let failures = 0;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alarm: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let heard = Date.now();

    const connect = () => {
      clearTimeout(timer);
      source?.close();
      heard = Date.now();
      const url = last === null ? '/api/restaurant/events' : `/api/restaurant/events?after=${last}`;
      const es = new EventSource(url, { withCredentials: true });
      source = es;
      es.addEventListener('ping', () => {
        heard = Date.now();
      });
      es.onopen = () => {
        heard = Date.now();
        clearTimeout(alarm);
        alarm = undefined;
        if (failures > 0) handlers.current.onResync?.();
        failures = 0;
        setState('online');
      };
      es.onmessage = (m: MessageEvent<string>) => {
        heard = Date.now();
        const seq = Number(m.lastEventId);
        if (Number.isFinite(seq) && m.lastEventId !== '') {
          // A replayed event already seen (the server resumes after `last`, this is a guard).
          if (last !== null && seq <= last) return;
          last = seq;
        }
        let event: RestaurantEvent;
        try {
          event = JSON.parse(m.data) as RestaurantEvent;
        } catch {
          return;
        }
        handlers.current.onEvent(event);
      };
      es.onerror = () => dropped(es);
    };

    /** The connection `es` is gone: close it and try again after a growing pause. */
    const dropped = (es: EventSource | null) => {
      // The browser would retry on its own at a fixed pace and without `after`: take over.
      es?.close();
      if (stopped || es !== source) return;
      source = null;
      alarm ??= setTimeout(() => setState('offline'), GRACE_MS);
      const pause = Math.min(MAX_PAUSE_MS, 1000 * 2 ** failures) + Math.floor(Math.random() * 250);
      failures += 1;
      clearTimeout(timer);
      timer = setTimeout(connect, pause);
    };

    // The browser says the network is gone: say so now, and wait for it (or the pause) to retry.
    const offline = () => {
      dropped(source);
      clearTimeout(alarm);
      alarm = undefined;
      setState('offline');
    };
    // Back on the network: try at once instead of waiting out the pause.
    const online = () => {
      if (failures > 0) connect();
    };
    // A connection that went silent (no ping) is dead even if it never errored.
    const watchdog = setInterval(() => {
      if (source && Date.now() - heard > SILENCE_MS) dropped(source);
    }, 5_000);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(alarm);
      clearInterval(watchdog);
      source?.close();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  return state;
}

/** «Sin conexión — reconectando…» while the feed is down. */
export function ConnectionBanner({ state, className = '' }: { state: FeedState; className?: string }) {
  if (state !== 'offline') return null;
  return (
    <p role="alert" data-testid="feed-offline" className={`rounded-md bg-red-600 px-3 py-2 text-center font-semibold text-white ${className}`}>
      Sin conexión — reconectando…
    </p>
  );
}

/** The current time, updated every `everyMs` (elapsed times on the screens); 0 during the server render. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
