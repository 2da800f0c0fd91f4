/** The printable guía de remisión of a transfer: complete HTML, no scripts. */
import { useLoaderData } from 'react-router';
import { A4Sheet } from '../../../components/a4-sheet';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import type { TransferPrintView } from '../../../lib/api-types';
import { PrintBar } from '../../../components/print-button';

export default function TransferPrint() {
  const doc = useLoaderData() as TransferPrintView;
  const t = doc.transfer;
  const row = (label: string, value: string | null | undefined) => (
    <p>
      <strong>{`${label}: `}</strong>
      {value || '—'}
    </p>
  );
  return (
    <>
      <PrintBar size="a4" />
      <A4Sheet
        issuer={doc.companyName}
        issuerLines={[`RUC ${doc.ruc}`, `${doc.branchCode} · ${doc.branchName}`, doc.branchAddress]}
        title={
          <>
            <p className="text-base font-bold">GUÍA DE REMISIÓN</p>
            <p data-testid="guide-number">{`No. ${doc.branchCode}-${String(t.number).padStart(9, '0')}`}</p>
            <p>{`Emisión ${formatDateTime(t.date)}`}</p>
          </>
        }
      >
        <section className="my-3 grid grid-cols-2 gap-1">
          {row('Bodega de origen', t.fromCellarName)}
          {row('Bodega de destino', t.toCellarName)}
          {row('Dirección de partida', t.originAddress)}
          {row('Dirección de llegada', t.destinationAddress)}
          {row('Transportista', t.carrierName)}
          {row('Identificación', t.carrierIdentification)}
          {row('Placa', t.plate)}
          {row('Motivo', t.reason)}
          {row('Inicio del traslado', t.startDate ? formatDate(t.startDate) : null)}
          {row('Fin del traslado', t.endDate ? formatDate(t.endDate) : null)}
        </section>
        <table className="w-full border-collapse" data-testid="lines">
          <thead>
            <tr className="border-y border-gray-800 text-left">
              <th className="py-1">Código</th>
              <th>Descripción</th>
              <th>Unidad</th>
              <th className="text-right">Cantidad</th>
              <th className="text-right">Costo</th>
            </tr>
          </thead>
          <tbody>
            {t.lines.map((l) => (
              <tr key={l.productId} className="border-b border-gray-200">
                <td className="py-0.5">{l.code}</td>
                <td>{l.name}</td>
                <td>{l.unit}</td>
                <td className="text-right">{formatQuantity(l.quantity)}</td>
                <td className="text-right">{formatMoney(l.totalCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {t.note && <p className="mt-3">{`Nota: ${t.note}`}</p>}
        <footer className="mt-16 grid grid-cols-2 gap-8 text-center">
          <p className="border-t border-gray-800 pt-1">Entregado por</p>
          <p className="border-t border-gray-800 pt-1">Recibido por</p>
        </footer>
      </A4Sheet>
    </>
  );
}
