/** The groupings of the sales report (`groupBy`), with their Spanish names. */
export const GROUPINGS: { value: string; label: string }[] = [
  { value: 'day', label: 'Día' },
  { value: 'product', label: 'Producto' },
  { value: 'category', label: 'Categoría' },
  { value: 'cashier', label: 'Cajero' },
  { value: 'register', label: 'Caja' },
  { value: 'method', label: 'Forma de pago' },
  { value: 'client', label: 'Cliente' },
];

export const groupLabel = (value: string) => GROUPINGS.find((g) => g.value === value)?.label ?? value;
