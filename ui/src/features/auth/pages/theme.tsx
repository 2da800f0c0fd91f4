/** `/admin/tema`: light or dark, and the primary colour, saved for the user. */
import { useState, type FormEvent } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { apiPost } from '../../../lib/api';
import { applyTheme, PRIMARY_COLORS } from '../../../lib/theme';
import { toast } from '../../../lib/toast';
import type { ThemeBody, ThemeView } from '../../../lib/api-types';
import type { RootData } from '../../../lib/root-data';

const swatch: Record<string, string> = {
  green: 'bg-green-600',
  emerald: 'bg-emerald-600',
  teal: 'bg-teal-600',
  sky: 'bg-sky-600',
  violet: 'bg-violet-600',
};

export default function ThemePage() {
  const { user } = useRouteLoaderData('root') as RootData;
  const revalidator = useRevalidator();
  const [theme, setTheme] = useState<ThemeView>(user?.theme ?? { mode: 'light', primaryColor: 'green' });
  const [busy, setBusy] = useState(false);
  const choose = (next: ThemeView) => {
    setTheme(next);
    applyTheme(next);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await apiPost('/api/users/theme', { theme: theme.mode, primaryColor: theme.primaryColor } satisfies ThemeBody);
      toast({ title: 'Tema guardado', color: 'success' });
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="max-w-xl space-y-6">
      <h1 className="text-2xl font-bold">Tema</h1>
      <fieldset className="card space-y-3">
        <legend className="font-semibold">Apariencia</legend>
        {(['light', 'dark'] as const).map((mode) => (
          <label key={mode} className="flex items-center gap-2">
            <input type="radio" name="mode" value={mode} checked={theme.mode === mode} onChange={() => choose({ ...theme, mode })} className="accent-primary-600" />
            {mode === 'light' ? 'Claro' : 'Oscuro'}
          </label>
        ))}
      </fieldset>
      <fieldset className="card">
        <legend className="font-semibold">Color principal</legend>
        <div className="mt-3 flex flex-wrap gap-3">
          {PRIMARY_COLORS.map((c) => (
            <label key={c.value} className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-200 px-3 py-2 has-checked:border-gray-900 dark:border-gray-700 dark:has-checked:border-white">
              <input type="radio" name="color" value={c.value} checked={theme.primaryColor === c.value} onChange={() => choose({ ...theme, primaryColor: c.value })} className="sr-only" />
              <span className={`h-5 w-5 rounded-full ${swatch[c.value]}`} aria-hidden="true" />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Guardando…' : 'Guardar tema'}
      </button>
    </form>
  );
}
