/** `/tickets/cxc/{id}/estado_de_cuenta?from=&to=`: the printable statement of a client (A4, complete HTML, no scripts). */
import { useLoaderData } from 'react-router';
import { A4Sheet } from '../../../components/a4-sheet';
import type { StatementPrint } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ClientStatementTable } from '../statement-table';

export default function StatementPrintPage() {
  const { header, statement: s, printedAt } = useLoaderData() as StatementPrint;
  return (
    <A4Sheet
      issuer={header.tradeName ?? header.businessName}
      issuerLines={[`RUC ${header.ruc}`, header.address]}
      title={
        <>
          <p className="text-base font-bold">ESTADO DE CUENTA</p>
          <p>{`Del ${formatDate(s.from)} al ${formatDate(s.to)}`}</p>
        </>
      }
      pageStyle="@page { size: A4; margin: 12mm } @media print { body { background: #fff } }"
      testId="statement-document"
    >
      <section className="my-3">
        <p className="font-semibold">{s.client.name}</p>
        <p>{`Identificación ${s.client.identification}`}</p>
      </section>
      <ClientStatementTable statement={s} />
      <p className="mt-4 text-gray-600">Un saldo negativo es un saldo a favor del cliente.</p>
      <p className="text-gray-600">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </A4Sheet>
  );
}
