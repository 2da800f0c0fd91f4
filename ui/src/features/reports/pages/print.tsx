/** The printable A4 sales report: complete HTML, no scripts. */
import { useLoaderData } from 'react-router';
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
      <article className="mx-auto max-w-[210mm] bg-white p-8 text-[11px] text-gray-900">
        <header className="flex justify-between border-b-2 border-gray-800 pb-3">
          <div>
            <h1 className="text-lg font-bold">{doc.company}</h1>
            <p>{doc.branch}</p>
          </div>
          <div className="text-right">
            <p className="text-base font-bold" data-testid="print-title">{`REPORTE DE VENTAS POR ${doc.groupLabel.toUpperCase()}`}</p>
            <p>{`Del ${formatDate(r.from)} al ${formatDate(r.to)}`}</p>
          </div>
        </header>
        <section className="my-3">
          <SalesTable report={r} keyLabel={doc.groupLabel} testId="print-report" />
        </section>
        <p className="mt-4 text-gray-600">Notas de crédito restadas en la fecha de cada nota; costo según el kárdex.</p>
        <p className="text-gray-600">{`Impreso ${formatDateTime(doc.printedAt)}`}</p>
      </article>
    </>
  );
}
