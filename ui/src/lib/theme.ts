import type { ThemeView } from './api-types';

/** The primary colours a user may choose (the server accepts the same names). */
export const PRIMARY_COLORS = [
  { value: 'green', label: 'Verde' },
  { value: 'emerald', label: 'Esmeralda' },
  { value: 'teal', label: 'Turquesa' },
  { value: 'sky', label: 'Celeste' },
  { value: 'violet', label: 'Violeta' },
] as const;

/** Applies a theme to the page (the server already did for the first render). */
export function applyTheme(theme: ThemeView | undefined) {
  if (typeof document === 'undefined' || !theme) return;
  const html = document.documentElement;
  html.classList.toggle('dark', theme.mode === 'dark');
  if (theme.primaryColor === 'green') delete html.dataset.primary;
  else html.dataset.primary = theme.primaryColor;
}
