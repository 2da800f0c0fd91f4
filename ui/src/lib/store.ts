import { useSyncExternalStore } from 'react';

/**
 * A tiny observable value for client-only UI state (toasts, the error modal). Server rendering
 * always sees the initial value, so these stores never leak between requests in the engine.
 */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store created by `createStore`. */
export function useStore<T>(store: ReturnType<typeof createStore<T>>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.get());
}
