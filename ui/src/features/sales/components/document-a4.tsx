/**
 * The A4 layout of every sales document (sales note, quote; credit notes and facturas later):
 * issuer, title and number, buyer, lines with discounts and IVA code, totals per IVA rate.
 * Complete HTML without scripts, sized for the browser's print dialog.
 */
import type { ReactNode } from 'react';
import type { DocumentTotalsView, SaleClientView, SaleLineView, TicketHeader } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatPrice, formatUnits } from '../../../lib/format';
import { sumMoney } from '../../../lib/money';
import { PrintBar } from '../../../components/print-button';


interface DocumentA4Props {
  header: TicketHeader;
  title: string;
  number: string;
  date: string;
  client: SaleClientView;
  lines: SaleLineView[];
  totals: DocumentTotalsView;
  /** Extra rows under the buyer (validity, seller…). */
  details?: [string, string][];
  /** Payments, notes: under the lines, beside the totals. */
  footer?: ReactNode;
}

export function DocumentA4({ header, title, number, date, client, lines, totals, details = [], footer }: DocumentA4Props) {
  return (
    <>
      <PrintBar size="a4" />
      <article data-testid="document-a4" className="mx-auto max-w-[210mm] bg-white p-8 text-[11px] text-gray-900">
      <header className="flex justify-between border-b-2 border-gray-800 pb-3">
        <div>
          <h1 className="text-lg font-bold">{header.tradeName ?? header.businessName}</h1>
          {header.tradeName && <p>{header.businessName}</p>}
          <p>{`RUC ${header.ruc}`}</p>
          <p>{header.address}</p>
          {header.branchName && <p>{header.branchName}</p>}
        </div>
        <div className="text-right">
          <p className="text-base font-bold">{title}</p>
          <p data-testid="document-number">{`No. ${number}`}</p>
          <p>{`Fecha ${formatDateTime(date)}`}</p>
        </div>
      </header>
      <section className="my-3 grid grid-cols-2 gap-1">
        <p>
          <strong>Cliente: </strong>
          {client.name}
        </p>
        <p>
          <strong>Identificación: </strong>
          {client.identification}
        </p>
        {client.address && (
          <p>
            <strong>Dirección: </strong>
            {client.address}
          </p>
        )}
        {client.phone && (
          <p>
            <strong>Teléfono: </strong>
            {client.phone}
          </p>
        )}
        {details.map(([label, value]) => (
          <p key={label}>
            <strong>{`${label}: `}</strong>
            {value}
          </p>
        ))}
      </section>
      <table className="w-full border-collapse" data-testid="lines">
        <thead>
          <tr className="border-y border-gray-800 text-left">
            <th className="py-1">Código</th>
            <th>Descripción</th>
            <th className="text-right">Cantidad</th>
            <th className="text-right">P. unitario</th>
            <th className="text-right">Descuento</th>
            <th className="text-right">IVA</th>
            <th className="text-right">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i} className="border-b border-gray-200 align-top">
              <td className="py-1">{l.code}</td>
              <td>
                {l.name}
                {l.promotion && <span className="block text-[10px] italic">{`Promoción: ${l.promotion.name}`}</span>}
              </td>
              <td className="text-right">{formatUnits(l.quantity, l.unit)}</td>
              <td className="text-right">{formatPrice(l.unitPrice)}</td>
              <td className="text-right">{formatMoney(discountOf(l))}</td>
              <td className="text-right">{`${l.ivaRate} %`}</td>
              <td className="text-right">{formatMoney(l.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="mt-3 flex justify-between gap-6">
        <div className="flex-1">{footer}</div>
        <table className="w-64" data-testid="totals">
          <tbody>
            {/* Σ lines = Σ subtotals per rate; with discounts, the amount before them and the discount too. */}
            {totals.discount !== '0.00' && <TotalRow label="Suma sin descuentos" value={totals.gross} />}
            {totals.discount !== '0.00' && <TotalRow label="Descuento" value={`-${totals.discount}`} />}
            {totals.groups.map((g) => (
              <TotalRow key={`b${g.code}`} label={`Subtotal ${g.label}`} value={g.base} />
            ))}
            {totals.groups
              .filter((g) => g.value !== '0.00')
              .map((g) => (
                <TotalRow key={`v${g.code}`} label={g.label} value={g.value} />
              ))}
            <TotalRow label="TOTAL" value={totals.total} strong />
          </tbody>
        </table>
      </section>
    </article>
    </>
  );
}

/** Manual and promotion discount of a line, as one amount. */
export function discountOf(line: SaleLineView): string {
  return sumMoney(line.promotion ? [line.discount, line.promotion.discount] : [line.discount]);
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t border-gray-800 font-bold' : ''}>
      <td className="py-0.5">{label}</td>
      <td className="text-right">{formatMoney(value)}</td>
    </tr>
  );
}
