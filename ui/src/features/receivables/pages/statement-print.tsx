/** `/tickets/cxc/{id}/estado_de_cuenta?from=&to=`: the printable statement of a client (A4, complete HTML, no scripts). */
import { useLoaderData } from 'react-router';
import type { StatementPrint } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/format';
import { StatementTable } from '../statement-table';

export default function StatementPrintPage() {
  const { header, statement: s, printedAt } = useLoaderData() as StatementPrint;
  return (
    <article className="mx-auto max-w-[210mm] bg-white p-8 text-[11px] text-gray-900" data-testid="statement-document">
      <style>{'@page { size: A4; margin: 12mm } @media print { body { background: #fff } }'}</style>
      <header className="flex justify-between border-b-2 border-gray-800 pb-3">
        <div>
          <h1 className="text-lg font-bold">{header.tradeName ?? header.businessName}</h1>
          <p>{`RUC ${header.ruc}`}</p>
          <p>{header.address}</p>
        </div>
        <div className="text-right">
          <p className="text-base font-bold">ESTADO DE CUENTA</p>
          <p>{`Del ${formatDate(s.from)} al ${formatDate(s.to)}`}</p>
        </div>
      </header>
      <section className="my-3">
        <p className="font-semibold">{s.client.name}</p>
        <p>{`Identificación ${s.client.identification}`}</p>
      </section>
      <StatementTable statement={s} />
      <p className="mt-4 text-gray-600">Un saldo negativo es un saldo a favor del cliente.</p>
      <p className="text-gray-600">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </article>
  );
}
