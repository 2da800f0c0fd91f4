/**
 * The one toaster: at most five toasts, each closing after five seconds, swipe right to dismiss,
 * F8 moves focus to the region (specification §9).
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { useStore } from '../lib/store';
import { dismissToast, toastStore, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD, type Toast } from '../lib/toast';

const colors: Record<Toast['color'], string> = {
  success: 'border-primary-600',
  error: 'border-red-600',
  warning: 'border-amber-500',
  info: 'border-sky-600',
};

function ToastItem({ toast }: { toast: Toast }) {
  const start = useRef<number | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (start.current !== null && e.clientX - start.current > TOAST_SWIPE_THRESHOLD) dismissToast(toast.id);
    start.current = null;
  };
  return (
    <li
      role="status"
      className={`pointer-events-auto w-80 rounded-md border-l-4 bg-white p-3 shadow-lg dark:bg-gray-800 ${colors[toast.color]}`}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      data-testid="toast"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-gray-900 dark:text-gray-100">{toast.title}</p>
          {toast.description && <p className="text-sm text-gray-600 dark:text-gray-300">{toast.description}</p>}
          {toast.action && (
            <button type="button" className="btn btn-primary mt-2" onClick={toast.action.onClick} data-testid="toast-action">
              {toast.action.label}
            </button>
          )}
        </div>
        <button type="button" aria-label="Cerrar aviso" className="text-gray-400 hover:text-gray-700" onClick={() => dismissToast(toast.id)}>
          ×
        </button>
      </div>
    </li>
  );
}

export function Toaster() {
  const toasts = useStore(toastStore);
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <ol
      ref={region}
      tabIndex={-1}
      aria-label={`Notificaciones (${TOAST_HOTKEY})`}
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2 outline-none"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ol>
  );
}
