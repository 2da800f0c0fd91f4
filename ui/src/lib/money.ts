/**
 * Money without floats. The API sends amounts as decimal strings (`"10.50"`); screens that add,
 * subtract or multiply them do it here, in integer cents (`bigint`), and turn the result back into
 * a decimal string for `formatMoney`. A binary float cannot hold most cents exactly (0.1 + 0.2),
 * so a sum of floats can print one cent off the server's total; integers never do.
 *
 * Rounding is the server's (`server/domain/money.rs`, `round2`): to the cent, half away from zero.
 *
 * Typed text follows the server's rule (`parse_decimal`): one comma or one point is the decimal
 * separator (`20,50` is `20.50`, as Ecuador writes it); text with two separators (`1.234,56`)
 * carries a thousands separator and is not a number.
 */

/** An amount in cents. */
export type Cents = bigint;

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** Typed decimal text with its decimal comma as a point (`"20,5"` → `"20.5"`); text with two separators stays as it is (not a number). */
export function decimalText(text: string): string {
  const clean = text.trim();
  return (clean.match(/[.,]/g) ?? []).length === 1 ? clean.replace(',', '.') : clean;
}

/** Integer units of `text` at `scale` decimals, rounded half away from zero; null when not a number. */
function scaled(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(decimalText(text));
  if (!match) return null;
  const [, sign, int = '', frac = ''] = match;
  if (int === '' && frac === '') return null;
  const kept = BigInt((int || '0') + (frac + '0'.repeat(scale)).slice(0, scale));
  const roundUp = (frac[scale] ?? '0') >= '5' ? 1n : 0n;
  const value = kept + roundUp;
  return sign === '-' ? -value : value;
}

/**
 * Cents of a decimal string as typed or sent (`"10.5"` → 1050n, `"-3"` → -300n). Empty or invalid
 * text, and text with more than 2 decimals (not an amount of money), is 0.
 */
export function toCents(text: string): Cents {
  const clean = decimalText(text);
  if (!/^-?\d*(\.\d{0,2})?$/.test(clean)) return 0n;
  return scaled(clean, 2) ?? 0n;
}

/** A decimal string with 2 decimals from cents (1050n → `"10.50"`, -5n → `"-0.05"`). */
export function fromCents(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The sum of amounts given as decimal strings, as a decimal string (`["1.10", "2.25"]` → `"3.35"`). */
export function sumMoney(amounts: readonly string[]): string {
  return fromCents(amounts.reduce((sum, amount) => sum + toCents(amount), 0n));
}

/**
 * `price × quantity` rounded to the cent (half away from zero), both decimal strings of up to 6
 * decimals as the API sends them (`"0.333333" × "3"` → `"1.00"`). Invalid text counts as 0.
 */
export function timesQuantity(price: string, quantity: string): string {
  const micros = (scaled(price, 6) ?? 0n) * (scaled(quantity, 6) ?? 0n);
  // micros × micros = 12 decimals; 10 of them go, rounded half away from zero.
  const unit = 10n ** 10n;
  const abs = micros < 0n ? -micros : micros;
  const cents = (abs + unit / 2n) / unit;
  return fromCents(micros < 0n ? -cents : cents);
}

/** The larger of two amounts in cents. */
export function maxCents(a: Cents, b: Cents): Cents {
  return a > b ? a : b;
}

/** Whether the decimal `price` is below `cost` (compared exactly at 6 decimals); false when either is not a number. */
export function isBelow(price: string, cost: string): boolean {
  const p = scaled(price, 6);
  const c = scaled(cost, 6);
  return p !== null && c !== null && p < c;
}

/** A decimal string with 6 decimals from millionths (20000000n → `"20.000000"`). */
function fromMicros(micros: bigint): string {
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  return `${sign}${abs / 1000000n}.${String(abs % 1000000n).padStart(6, '0')}`;
}

/** `n / d` rounded half away from zero (the server's `div_round`), `d` > 0. */
function divRound(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (abs + d / 2n) / d;
  return n < 0n ? -q : q;
}

/**
 * The price with IVA (PVP) a shopper pays for one unit of base unit price `base` at `percent`
 * (the server's `Money::with_iva`): the base rounded to cents plus its IVA rounded to cents, as the
 * totals of a one-unit line. Invalid text is `"0.00"`.
 */
export function pvpOf(base: string, percent: number): string {
  const cents = divRound(scaled(base, 6) ?? 0n, 10000n);
  return fromCents(cents + divRound(cents * BigInt(percent), 100n));
}

/**
 * The base unit price, to 6 decimals, of a price with IVA `pvp` at `percent` (the server's
 * `Money::base_of_pvp`): `pvp × 100 / (100 + percent)` rounded half away from zero. PVP `"23.00"`
 * at 15 % is `"20.000000"`. Null when `pvp` is not a number.
 */
export function baseOfPvp(pvp: string, percent: number): string | null {
  const micros = scaled(pvp, 6);
  if (micros === null) return null;
  return fromMicros(divRound(micros * 100n, BigInt(100 + percent)));
}
