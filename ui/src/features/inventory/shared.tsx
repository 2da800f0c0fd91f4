/** Pieces shared by the inventory screens: the barcode scanner input and movement labels. */
import { useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, apiPost } from '../../lib/api';
import type { ProductDetailView } from '../../lib/api-types';
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
      const product = await apiPost<ProductDetailView>('/api/item/getByBarcode', { barcode }, { quiet: true });
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
