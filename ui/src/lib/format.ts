/**
 * Formatting shared by every screen and printable. It does not use `Intl`: the embedded engine has
 * none, and server and browser must print the same text or hydration fails.
 */

/**
 * Money as on SRI documents and shop receipts: `$ 1,234.56`. Input is a decimal string from the API
 * (or from `lib/money`, which adds amounts in integer cents): never a float.
 */
export function formatMoney(amount: string): string {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const [intPart = '0', fracPart = ''] = text.replace(/^[-+]/, '').split('.');
  const grouped = intPart.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (fracPart + '00').slice(0, 2);
  return `${negative ? '-' : ''}$ ${grouped}.${cents}`;
}

/** A quantity or unit price with up to `max` decimals, trailing zeros removed (`1,250.5`). */
export function formatQuantity(value: string, max = 6): string {
  const [intPart = '0', fracPart = ''] = value.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = fracPart.slice(0, max).replace(/0+$/, '');
  return frac ? `${grouped}.${frac}` : grouped;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as `dd/mm/aaaa` from an ISO date (`2026-11-21`) or date-time string already in Ecuador time. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** `dd/mm/aaaa hh:mm` from an ISO date-time already expressed in Ecuador time. */
export function formatDateTime(iso: string): string {
  const time = iso.slice(11, 16);
  return `${formatDate(iso)} ${time || `${pad(0)}:${pad(0)}`}`;
}
