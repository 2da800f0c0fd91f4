/** The printable A4 sales report: complete HTML, no scripts. */
import { useLoaderData } from 'react-router';
import { A4Sheet } from '../../../components/a4-sheet';
import type { SalesReportPrint } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/format';
import { SalesTable } from '../sales-table';
import { PrintBar } from '../../../components/print-button';

export default function ReportPrint() {
  const doc = useLoaderData() as SalesReportPrint;
  const r = doc.report;
  return (
    <>
      <PrintBar size="a4" />
      <A4Sheet
        issuer={doc.company}
        issuerLines={[doc.branch]}
        title={
          <>
            <p className="text-base font-bold" data-testid="print-title">{`REPORTE DE VENTAS POR ${doc.groupLabel.toUpperCase()}`}</p>
            <p>{`Del ${formatDate(r.from)} al ${formatDate(r.to)}`}</p>
          </>
        }
      >
        <section className="my-3">
          <SalesTable report={r} keyLabel={doc.groupLabel} testId="print-report" />
        </section>
        <p className="mt-4 text-gray-600">Notas de crédito restadas en la fecha de cada nota; costo según el kárdex.</p>
        <p className="text-gray-600">{`Impreso ${formatDateTime(doc.printedAt)}`}</p>
      </A4Sheet>
    </>
  );
}
