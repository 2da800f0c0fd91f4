/**
 * The totals a purchase form previews as it is typed, per IVA rate, with the server's calculation
 * (`domain::totals`): each line's net is its quantity × unit cost rounded to the cent minus its
 * discount; each rate's IVA is its base × percent rounded to the cent. All in integer cents, never
 * floats; the server computes the same again when the purchase is registered.
 */
import type { PurchaseIvaView } from '../../lib/api-types';
import { fromCents, timesQuantity, toCents } from '../../lib/money';

/** What a line contributes: quantity, unit cost, discount (decimal text) and IVA code. */
export interface TotalsLine {
  quantity: string;
  unitCost: string;
  discount: string;
  ivaCode: string;
}

export interface RateTotals {
  code: string;
  label: string;
  base: string;
  value: string;
}

export interface PurchaseTotals {
  /** Net of each line, in order. */
  nets: string[];
  rates: RateTotals[];
  subtotal: string;
  discount: string;
  iva: string;
  total: string;
}

/** `n / d` rounded half away from zero (the server's rounding), `d` > 0. */
function divRound(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (abs + d / 2n) / d;
  return n < 0n ? -q : q;
}

export function purchaseTotals(lines: readonly TotalsLine[], codes: readonly PurchaseIvaView[]): PurchaseTotals {
  const bases = new Map<string, bigint>();
  let subtotal = 0n;
  let discount = 0n;
  const nets = lines.map((l) => {
    const gross = toCents(timesQuantity(l.unitCost || '0', l.quantity || '0'));
    const off = toCents(l.discount || '0');
    const net = gross - off;
    subtotal += net;
    discount += off;
    bases.set(l.ivaCode, (bases.get(l.ivaCode) ?? 0n) + net);
    return fromCents(net);
  });
  let iva = 0n;
  const rates = [...bases.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([code, base]) => {
      const rate = codes.find((c) => c.code === code);
      const value = divRound(base * BigInt(rate?.percent ?? 0), 100n);
      iva += value;
      return { code, label: rate?.label ?? `IVA ${code}`, base: fromCents(base), value: fromCents(value) };
    });
  return { nets, rates, subtotal: fromCents(subtotal), discount: fromCents(discount), iva: fromCents(iva), total: fromCents(subtotal + iva) };
}
