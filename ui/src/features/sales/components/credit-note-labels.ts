/** How a credit note's money went back, in Spanish (`refund` of the credit note). */
export function refundLabel(refund: string): string {
  return refund === 'cash' ? 'Efectivo devuelto de la caja' : refund === 'credit' ? 'Abono a la cuenta por cobrar' : refund;
}
