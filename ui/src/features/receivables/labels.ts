/** Spanish labels of receivables. */
export const methodLabels: Record<string, string> = {
  cash: 'Efectivo',
  transfer: 'Transferencia',
  card: 'Tarjeta de crédito',
  debit: 'Tarjeta de débito',
  cheque: 'Cheque',
};

export const statusLabels: Record<string, string> = {
  pendiente: 'Pendiente',
  parcial: 'Parcial',
  pagada: 'Pagada',
  vencida: 'Vencida',
};

/** The aging buckets in order, with their labels. */
export const bucketLabels: [key: 'notDue' | 'days1To30' | 'days31To60' | 'days61To90' | 'over90', label: string][] = [
  ['notDue', 'Por vencer'],
  ['days1To30', '1–30 días'],
  ['days31To60', '31–60 días'],
  ['days61To90', '61–90 días'],
  ['over90', 'Más de 90 días'],
];
