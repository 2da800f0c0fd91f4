/** The collection receipt on A4 (complete HTML, no scripts). */
import { useLoaderData } from 'react-router';
import { A4Sheet } from '../../../components/a4-sheet';
import type { ReceiptPrint } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { methodLabels } from '../labels';

export default function ReceiptA4() {
  const { header, receipt: r, printedAt } = useLoaderData() as ReceiptPrint;
  return (
    <A4Sheet
      issuer={header.tradeName ?? header.businessName}
      issuerLines={[`RUC ${header.ruc}`, header.address]}
      title={
        <>
          <p className="text-base font-bold">{`RECIBO DE COBRO N.º ${r.number}`}</p>
          <p>{formatDateTime(r.date)}</p>
          {r.reversed && <p className="font-bold text-red-700">{`ANULADO: ${r.reversalReason ?? ''}`}</p>}
        </>
      }
      pageStyle="@page { size: A4; margin: 12mm }"
      size="text-[12px]"
      testId="receipt-document"
    >
      <section className="my-3">
        <p>{`Recibimos de ${r.client.name} (${r.client.identification}) la suma de USD ${formatMoney(r.amount)}`}</p>
        <p>{`Forma de pago: ${methodLabels[r.method] ?? r.method}${r.reference ? ` · referencia ${r.reference}` : ''}`}</p>
      </section>
      <table className="w-full">
        <thead>
          <tr className="text-left">
            <th>Documento</th>
            <th className="text-right">Abono</th>
            <th className="text-right">Saldo</th>
          </tr>
        </thead>
        <tbody>
          {r.allocations.map((a) => (
            <tr key={a.receivableId} className="border-t border-gray-200">
              <td>{a.document}</td>
              <td className="text-right">{formatMoney(a.amount)}</td>
              <td className="text-right">{formatMoney(a.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="mt-3">
        <p>{`Saldo a favor usado: ${formatMoney(r.creditUsed)} · saldo a favor: ${formatMoney(r.remainingCredit)}`}</p>
        <p>{`Saldo por cobrar del cliente: ${formatMoney(r.outstanding)}`}</p>
        <p>{`Atendió: ${r.user}`}</p>
      </section>
      <p className="mt-12 w-64 border-t border-gray-800 text-center">Firma</p>
      <p className="mt-4 text-gray-600">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </A4Sheet>
  );
}
