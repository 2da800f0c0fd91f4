/**
 * Tooltips as the specification sets them: they open 700 ms after the pointer or focus arrives,
 * and at once when another tooltip closed less than 300 ms ago (moving along a row of buttons).
 */
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_MS = 300;
let lastClosed = 0;

export function Tooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();
  const show = () => {
    window.clearTimeout(timer.current);
    const delay = Date.now() - lastClosed < TOOLTIP_SKIP_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    if (open) lastClosed = Date.now();
    setOpen(false);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <span className="relative inline-flex" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide} aria-describedby={open ? id : undefined}>
      {children}
      {open && (
        <span id={id} role="tooltip" className="pointer-events-none absolute bottom-full left-1/2 z-40 mb-1 -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow">
          {label}
        </span>
      )}
    </span>
  );
}
