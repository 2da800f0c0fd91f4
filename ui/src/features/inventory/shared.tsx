/**
 * Pieces shared by the inventory screens: the barcode scanner input, the lines a scan fills, the
 * table of registered documents and the movement labels.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ApiError, apiPost } from '../../lib/api';
import type { BarcodeBody, ProductDetailView } from '../../lib/api-types';
import { formatDateTime } from '../../lib/format';
import { decimalText } from '../../lib/money';

/** Kardex movement types and source documents in Spanish, generated from the Rust tables. */
export { INVENTORY_MOVEMENT_LABELS as MOVEMENT_LABELS, INVENTORY_DOCUMENT_LABELS as DOCUMENT_LABELS } from '../../lib/api-types';

/** Adds `delta` to a decimal string without floats (6 decimals). */
export function addDecimal(value: string, delta: number): string {
  const toMicros = (v: string) => {
    const negative = v.trim().startsWith('-');
    const [i = '0', f = ''] = decimalText(v).replace(/^[-+]/, '').split('.');
    const micros = BigInt(i || '0') * 1000000n + BigInt((f + '000000').slice(0, 6));
    return negative ? -micros : micros;
  };
  const total = toMicros(value || '0') + BigInt(delta) * 1000000n;
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const frac = String(abs % 1000000n).padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 1000000n}${frac ? `.${frac}` : ''}`;
}

/**
 * A barcode field: the scanner types the code and Enter; the product is looked up with
 * `getByBarcode` and handed to `onProduct`. Unknown codes show the server's message.
 */
export function ScanInput({ onProduct, label = 'Código de barras o código' }: { onProduct: (p: ProductDetailView) => void; label?: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const onKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const barcode = code.trim();
    if (!barcode) return;
    try {
      const product = await apiPost<ProductDetailView>('/api/item/getByBarcode', { barcode } satisfies BarcodeBody, { quiet: true });
      setError('');
      setCode('');
      onProduct(product);
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : String(err));
    }
    input.current?.focus();
  };
  return (
    <div>
      <label htmlFor="scan" className="label">
        {label}
      </label>
      <input
        id="scan"
        ref={input}
        className="input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={onKey}
        placeholder="Escanee y presione Enter"
        autoComplete="off"
        data-testid="scan-input"
      />
      {error && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A line of a stock document (adjustment, transfer): a product and its quantity. */
export interface ScannedLine {
  productId: number;
  code: string;
  name: string;
  quantity: string;
}

/** `lines` with product `productId` scanned once more: one more of it, or a new line from `make`. */
export function addScanned<L extends ScannedLine>(lines: L[], productId: number, make: () => L): L[] {
  return lines.some((l) => l.productId === productId)
    ? lines.map((l) => (l.productId === productId ? { ...l, quantity: addDecimal(l.quantity, 1) } : l))
    : [...lines, make()];
}

/** A column of `DocumentsTable` after its number and date. */
export interface DocumentColumn<T> {
  header: string;
  numeric?: boolean;
  cell: (row: T) => ReactNode;
}

/** The registered stock documents of a screen, newest first: number, date, then `columns`. */
export function DocumentsTable<T extends { _id: number; number: number; date: string }>({ rows, columns }: { rows: readonly T[]; columns: readonly DocumentColumn<T>[] }) {
  // The last column keeps the table's inner margin, as the first one does.
  const className = (c: DocumentColumn<T>, i: number) => `${i === columns.length - 1 ? 'px-3 ' : ''}${c.numeric ? 'text-right' : 'text-left'}`;
  return (
    <div className="card overflow-x-auto p-0">
      <table className="w-full text-sm" data-testid="list-table">
        <thead className="bg-gray-50 text-xs uppercase dark:bg-gray-800">
          <tr>
            <th className="px-3 py-2 text-left">Número</th>
            <th className="text-left">Fecha</th>
            {columns.map((c, i) => (
              <th key={c.header} className={className(c, i)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r._id} className="border-b border-gray-100 dark:border-gray-800" data-testid="list-row">
              <td className="px-3 py-1">{String(r.number).padStart(6, '0')}</td>
              <td>{formatDateTime(r.date)}</td>
              {columns.map((c, i) => (
                <td key={c.header} className={className(c, i)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
