import { createStore } from './store';

/** A toast as the specification describes it. */
export interface Toast {
  id: number;
  open: boolean;
  title: string;
  description?: string;
  color: 'success' | 'error' | 'warning' | 'info';
  icon?: string;
  /** A button on the toast (e.g. 'Recargar'). */
  action?: { label: string; onClick: () => void };
}

/** Constants of the specification §9. */
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

/**
 * Shows a toast; keeps at most `TOAST_LIMIT` (the oldest go first). `persistent` toasts stay until
 * closed (a new version is available…).
 */
export function toast(input: Omit<Toast, 'id' | 'open'> & { duration?: number; persistent?: boolean }): number {
  const id = nextId++;
  const { duration = TOAST_DURATION_MS, persistent = false, ...rest } = input;
  const next = [...toastStore.get(), { ...rest, id, open: true }];
  toastStore.set(next.slice(-TOAST_LIMIT));
  if (typeof window !== 'undefined' && !persistent) window.setTimeout(() => dismissToast(id), duration);
  return id;
}

/** Closes a toast. */
export function dismissToast(id: number) {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}
