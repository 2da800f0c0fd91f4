/**
 * `/admin/ebilling/factura`: the full electronic factura form (issue 23). The factura express POS
 * ([`PosScreen`] in invoice mode: client search, lines, discounts, payments, the live SRI state)
 * plus what the express screen lacks: creating the buyer from the client picker and the
 * «Información adicional» rows, sent as `additionalInfo` (the factura's `campoAdicional`, at
 * most 15, validated again by the server). Its own cart, so it does not mix with the express one.
 */
import { useState } from 'react';
import { PosScreen } from '../../sales/pages/pos';

/** Most rows of información adicional (the SRI's `infoAdicional`, as the server checks). */
const MAX_ROWS = 15;
/** Longest name and value (XSD: 300 characters). */
const MAX_TEXT = 300;

interface InfoRow {
  name: string;
  value: string;
}

export default function ElectronicInvoice() {
  const [rows, setRows] = useState<InfoRow[]>([]);
  // Rows left wholly blank are not sent; half-filled ones are, so the server names the problem.
  const additionalInfo = rows
    .map((r) => ({ name: r.name.trim(), value: r.value.trim() }))
    .filter((r) => r.name !== '' || r.value !== '');
  return (
    <PosScreen
      mode="invoice"
      title="Factura electrónica"
      storage="mostrador.ebillingFactura.cart"
      createClient
      extraBody={additionalInfo.length > 0 ? { additionalInfo } : undefined}
      onRegistered={() => setRows([])}
      panel={<AdditionalInfo rows={rows} onChange={setRows} />}
    />
  );
}

/** The «Información adicional» editor: name/value rows, add and remove, up to [`MAX_ROWS`]. */
function AdditionalInfo({ rows, onChange }: { rows: InfoRow[]; onChange: (rows: InfoRow[]) => void }) {
  const set = (i: number, patch: Partial<InfoRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2 border-t border-gray-200 pt-2 dark:border-gray-700" data-testid="additional-info">
      <legend className="text-xs text-gray-500">Información adicional</legend>
      {rows.length === 0 && <p className="text-xs text-gray-500">Sin campos adicionales.</p>}
      {rows.map((r, i) => (
        <div key={i} className="flex gap-1">
          <input
            className="input w-2/5"
            value={r.name}
            maxLength={MAX_TEXT}
            placeholder="Nombre"
            aria-label={`Nombre del campo adicional ${i + 1}`}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <input
            className="input flex-1"
            value={r.value}
            maxLength={MAX_TEXT}
            placeholder="Valor"
            aria-label={`Valor del campo adicional ${i + 1}`}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <button type="button" className="btn btn-secondary px-2" aria-label={`Quitar el campo adicional ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-secondary w-full text-sm" disabled={rows.length >= MAX_ROWS} onClick={() => onChange([...rows, { name: '', value: '' }])}>
        Agregar campo adicional
      </button>
      {rows.length >= MAX_ROWS && <p className="text-xs text-gray-500">Hasta {MAX_ROWS} campos adicionales.</p>}
    </fieldset>
  );
}
