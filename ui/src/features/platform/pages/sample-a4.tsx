/**
 * A sample A4 document of many lines, rendered like the real printables (RIDE, A4SRI) will be, so
 * the engine's speed on a long printable is measured from day one. Complete HTML, no scripts.
 */
import { useLoaderData } from 'react-router';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format';

interface SampleLine {
  code: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  total: string;
}

interface SampleDocument {
  company: { ruc: string; name: string; address: string };
  number: string;
  date: string;
  client: { id: string; name: string; address: string };
  lines: SampleLine[];
  subtotal: string;
  vat: string;
  total: string;
}

export default function SampleA4() {
  const doc = useLoaderData() as SampleDocument;
  return (
    <article className="mx-auto max-w-[210mm] bg-white p-8 text-[11px] text-gray-900">
      <header className="flex justify-between border-b-2 border-gray-800 pb-3">
        <div>
          <h1 className="text-lg font-bold">{doc.company.name}</h1>
          <p>{`RUC ${doc.company.ruc}`}</p>
          <p>{doc.company.address}</p>
        </div>
        <div className="text-right">
          <p className="text-base font-bold">DOCUMENTO DE PRUEBA</p>
          <p>{`No. ${doc.number}`}</p>
          <p>{`Fecha ${formatDate(doc.date)}`}</p>
        </div>
      </header>
      <section className="my-3">
        <p>
          <strong>Cliente:</strong> {`${doc.client.name} · ${doc.client.id}`}
        </p>
        <p>
          <strong>Dirección:</strong> {doc.client.address}
        </p>
      </section>
      <table className="w-full border-collapse" data-testid="lines">
        <thead>
          <tr className="border-y border-gray-800 text-left">
            <th className="py-1">Código</th>
            <th>Descripción</th>
            <th className="text-right">Cant.</th>
            <th className="text-right">P. unitario</th>
            <th className="text-right">Desc.</th>
            <th className="text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line, i) => (
            <tr key={i} className="border-b border-gray-200">
              <td className="py-0.5">{line.code}</td>
              <td>{line.description}</td>
              <td className="text-right">{formatQuantity(line.quantity)}</td>
              <td className="text-right">{formatMoney(line.unitPrice)}</td>
              <td className="text-right">{formatMoney(line.discount)}</td>
              <td className="text-right">{formatMoney(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="mt-3 ml-auto w-64">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className="text-right">{formatMoney(doc.subtotal)}</td>
          </tr>
          <tr>
            <td>IVA 15 %</td>
            <td className="text-right">{formatMoney(doc.vat)}</td>
          </tr>
          <tr className="border-t border-gray-800 font-bold">
            <td>Total</td>
            <td className="text-right">{formatMoney(doc.total)}</td>
          </tr>
        </tbody>
      </table>
    </article>
  );
}
