/**
 * The payment dialog of the POS (F9): one or mixed payments, cash computes the change, a failed
 * submit keeps everything (the caller's idempotency key makes a retry safe). Shared by every
 * screen that bills: the POS and factura express, and the restaurant's bill (`onSubmit` sends the
 * payments to the screen's own endpoint; `parts` starts with the total split equally).
 */
import { useState } from 'react';
import { Options } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { PAYMENT_METHODS } from '../../../lib/api-types';
import type { BankOptionView, PaymentMethod } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { fromCents, maxCents, toCents } from '../../../lib/money';

/** A payment as the sales API receives it. */
export interface PaymentInput {
  method: PaymentMethod;
  amount: string;
  received?: string;
  reference?: string;
  bankAccountId?: string;
}

interface PaymentRow {
  method: PaymentMethod;
  amount: string;
  received: string;
  reference: string;
  bankAccountId: string;
}

const row = (method: PaymentMethod, amount: string): PaymentRow => ({ method, amount, received: '', reference: '', bankAccountId: '' });

/** `total` in `parts` amounts that add up to it to the cent (the first ones carry the leftover cents). */
export function equalParts(total: string, parts: number): string[] {
  const cents = toCents(total);
  const n = BigInt(Math.max(1, Math.floor(parts)));
  const each = cents / n;
  const left = cents - each * n;
  return Array.from({ length: Number(n) }, (_, i) => fromCents(each + (BigInt(i) < left ? 1n : 0n)));
}

/** F9: payments (one or mixed); cash computes the change. A failed submit keeps everything. */
export function PayDialog<T>({
  total,
  banks,
  parts = 1,
  onSubmit,
  onClose,
  onDone,
}: {
  total: string;
  banks: BankOptionView[];
  /** Start with the total split in this many equal payments (a bill split equally). */
  parts?: number;
  /** Registers the document with these payments. */
  onSubmit: (payments: PaymentInput[]) => Promise<T>;
  onClose: () => void;
  onDone: (result: T) => void;
}) {
  const [rows, setRows] = useState<PaymentRow[]>(() => equalParts(total, parts).map((amount) => row('cash', amount)));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const totalCents = toCents(total);
  const paid = rows.reduce((s, r) => s + toCents(r.amount), 0n);
  const change = rows.filter((r) => r.method === 'cash' && r.received.trim() !== '').reduce((s, r) => s + toCents(r.received) - toCents(r.amount), 0n);
  const set = (i: number, patch: Partial<PaymentRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const payments: PaymentInput[] = rows.map((r) => ({
        method: r.method,
        amount: r.amount.trim(),
        ...(r.method === 'cash' && r.received.trim() ? { received: r.received.trim() } : {}),
        ...(r.reference.trim() ? { reference: r.reference.trim() } : {}),
        ...(r.method === 'transfer' ? { bankAccountId: r.bankAccountId } : {}),
      }));
      onDone(await onSubmit(payments));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo registrar la venta: revise la conexión y vuelva a intentar (no se duplicará).');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Cobrar ${formatMoney(total)}`} open onClose={onClose} size="lg">
      <form
        onSubmit={pay}
        className="space-y-3"
        data-testid="pay-dialog"
        // Enter registers the sale from any field of the dialog, «Forma de pago» included (a
        // select's own Enter goes to its open list, never here).
        onKeyDown={(e) => {
          const target = e.target as HTMLElement;
          if (e.key === 'Enter' && !e.defaultPrevented && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLTextAreaElement)) {
            e.preventDefault();
            e.currentTarget.requestSubmit();
          }
        }}
      >
        {rows.map((r, i) => (
          <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <select className="input" aria-label="Forma de pago" value={r.method} onChange={(e) => set(i, { method: e.target.value as PaymentMethod })}>
              {PAYMENT_METHODS.map(([m, label]) => (
                <option key={m} value={m}>
                  {label}
                </option>
              ))}
            </select>
            <input className="input text-right" aria-label="Monto" inputMode="decimal" value={r.amount} onChange={(e) => set(i, { amount: e.target.value })} />
            {r.method === 'cash' && <input className="input text-right" aria-label="Recibido" inputMode="decimal" placeholder="Recibido" value={r.received} onChange={(e) => set(i, { received: e.target.value })} data-autofocus={i === 0 ? true : undefined} />}
            {(r.method === 'card' || r.method === 'debit' || r.method === 'transfer') && <input className="input" aria-label="Referencia" placeholder="Referencia" value={r.reference} onChange={(e) => set(i, { reference: e.target.value })} />}
            {r.method === 'transfer' && (
              <select className="input" aria-label="Cuenta bancaria" value={r.bankAccountId} onChange={(e) => set(i, { bankAccountId: e.target.value })}>
                <option value="">Cuenta…</option>
                <Options items={banks} value={(b) => b._id} label={(b) => b.label} />
              </select>
            )}
            {rows.length > 1 && (
              <button type="button" className="btn btn-ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Quitar
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setRows([...rows, row('card', fromCents(maxCents(0n, totalCents - paid)))])}
        >
          Agregar forma de pago
        </button>
        <div className="flex justify-between text-sm">
          <span>{`Pagado ${formatMoney(fromCents(paid))} de ${formatMoney(total)}`}</span>
          {paid !== totalCents && <span className="text-red-700 dark:text-red-300">{`Falta ${formatMoney(fromCents(totalCents - paid))}`}</span>}
        </div>
        {change > 0n && (
          <p className="text-3xl font-bold" data-testid="change">
            {`Cambio ${formatMoney(fromCents(change))}`}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Volver (Esc)
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Registrando…' : 'Registrar venta (Enter)'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

