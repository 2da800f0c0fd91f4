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
