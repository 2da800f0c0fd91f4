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
  const [intPart, cents] = roundToCents(text.replace(/^[-+]/, ''));
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = text.startsWith('-') && /[1-9]/.test(intPart + cents);
  return `${negative ? '-' : ''}$ ${grouped}.${cents}`;
}

/**
 * An unsigned decimal string rounded to the cent, half away from zero as the server rounds
 * (`1.845` → `['1', '85']`, `9.995` → `['10', '00']`), in digits: a float would turn `1.005` into
 * `1.00`.
 */
function roundToCents(unsigned: string): [string, string] {
  const [rawInt = '0', rawFrac = ''] = unsigned.split('.');
  const intDigits = rawInt.replace(/^0+(?=\d)/, '') || '0';
  const frac = (rawFrac + '00').slice(0, 2);
  if (!/^\d+$/.test(intDigits) || !/^\d{2}$/.test(frac)) return [intDigits, frac];
  if ((rawFrac[2] ?? '0') < '5') return [intDigits, frac];
  // Add one cent to the digits `intDigits frac`, carrying to the left.
  const digits = (intDigits + frac).split('');
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') digits[i--] = '0';
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1);
  else digits.unshift('1');
  return [digits.slice(0, -2).join(''), digits.slice(-2).join('')];
}

/** A quantity or unit price with up to `max` decimals, trailing zeros removed (`1,250.5`). */
export function formatQuantity(value: string, max = 6): string {
  const [intPart = '0', fracPart = ''] = value.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = fracPart.slice(0, max).replace(/0+$/, '');
  return frac ? `${grouped}.${frac}` : grouped;
}

/**
 * A unit price as money: `$ 35.50`, with the decimals beyond the cent kept when the price has them
 * (`$ 1.234567`, a base computed from a price with IVA).
 */
export function formatPrice(amount: string): string {
  const text = amount.trim();
  const fracPart = text.split('.')[1] ?? '';
  const extra = fracPart.slice(2, 6).replace(/0+$/, '');
  return `${formatMoney(text)}${extra}`;
}

/** Units written as symbols, the same in singular and plural. */
const SYMBOLS = new Set(['kg', 'g', 'lb', 'ml', 'l', 'm', 'cm', 'mm', 'gl', 'oz', 'u']);

/** A unit in the plural, by the Spanish rule: a vowel takes `s`, a consonant `es` (`galon` → `galones`). */
function plural(unit: string): string {
  const word = unit.trim();
  if (!word || SYMBOLS.has(word.toLowerCase()) || word.endsWith('.') || /s$/i.test(word)) return word;
  if (/z$/i.test(word)) return `${word.slice(0, -1)}ces`;
  if (/[aeiouáéó]$/i.test(word)) return `${word}s`;
  const plain = word.replace(/([áéíóú])([nsl])$/i, (_m, v: string, c: string) => `${v.normalize('NFD')[0]}${c}`);
  return `${plain}es`;
}

/** A quantity with its unit, singular for exactly one: `1 unidad`, `2 unidades`, `1.5 kg`. */
export function formatUnits(quantity: string, unit: string): string {
  const amount = formatQuantity(quantity);
  if (!unit.trim()) return amount;
  return `${amount} ${amount === '1' || amount === '-1' ? unit.trim() : plural(unit)}`;
}

/**
 * A date as `dd/mm/aaaa` from an ISO date (`2026-11-21`) or an API date-time, which carries the
 * company's offset (`2026-11-21T10:24:00-05:00`): the date written there is already the company's.
 */
export function formatDate(iso: string | null | undefined): string {
  const m = ISO.exec((iso ?? '').trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? '');
}

/** An ISO date, optionally with a time (`2026-11-21`, `2026-11-21T10:24…`). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/**
 * `dd/mm/aaaa HH:MM` from an API date-time (`2026-11-26T10:24:00-05:00` → `26/11/2026 10:24`). The
 * wall clock written in the string is the company's; it is printed as is, never converted to the
 * browser's zone, so the server's render and the browser's agree.
 */
export function formatDateTime(iso: string | null | undefined): string {
  const m = ISO.exec((iso ?? '').trim());
  if (!m) return iso ?? '';
  return m[4] ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : `${m[3]}/${m[2]}/${m[1]}`;
}
