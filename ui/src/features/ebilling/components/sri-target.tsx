/**
 * Where electronic documents go when it is not the SRI itself: the local stand-in that
 * `serve --demo` starts («Simulador local del SRI (demostración)») or the service SRI_URL names.
 * Every e-billing screen shows it, so nobody mistakes a demonstration authorization for a real one.
 */
export function SriTarget({ target }: { target: string | null }) {
  if (!target) return null;
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" role="note" data-testid="sri-target">
      <strong>{target}</strong>: los comprobantes se envían ahí y no tienen validez tributaria.
    </p>
  );
}
