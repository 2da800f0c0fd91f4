/** Spanish names of the cash area's codes, and cent arithmetic on decimal strings (no floats). */

export const movementLabels: Record<string, string> = {
  opening: 'Apertura',
  cash_sale: 'Ventas en efectivo',
  cash_refund: 'Devoluciones en efectivo',
  collection: 'Cobros de cuentas por cobrar',
  cash_in: 'Ingresos de efectivo',
  cash_out: 'Retiros de efectivo',
  cnb_in: 'Banco del Barrio: ingresos',
  cnb_out: 'Banco del Barrio: egresos',
  non_cash_sale: 'Ventas sin efectivo',
};

/** Banco del Barrio operation types; `cashIn`: the cash enters the drawer. */
export const cnbTypes = [
  { code: 'deposito', label: 'Depósito', cashIn: true },
  { code: 'pago_servicio', label: 'Pago de servicio', cashIn: true },
  { code: 'recarga', label: 'Recarga', cashIn: true },
  { code: 'envio_giro', label: 'Envío de giro', cashIn: true },
  { code: 'retiro', label: 'Retiro', cashIn: false },
  { code: 'pago_giro', label: 'Pago de giro', cashIn: false },
  { code: 'efectivo_movil', label: 'Efectivo móvil', cashIn: false },
];

export const stateLabels: Record<string, string> = {
  open: 'Abierto',
  closed: 'Cerrado',
  confirmed: 'Confirmado',
};

/** Cents of a decimal string (`"10.5"` → 1050); empty or invalid text is 0. */
export function toCents(text: string): number {
  const clean = text.trim();
  if (!/^-?\d*(\.\d{0,2})?$/.test(clean) || clean === '' || clean === '-') return 0;
  const negative = clean.startsWith('-');
  const [int = '0', frac = ''] = clean.replace('-', '').split('.');
  const cents = Number(int || '0') * 100 + Number((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** A decimal string from cents (1050 → `"10.50"`). */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
