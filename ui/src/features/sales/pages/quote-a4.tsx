/** The quote on A4 (`/tickets/quoter/A4PDF?id={id}`): complete HTML without scripts. */
import { useLoaderData } from 'react-router';
import type { QuotePrint } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';
import { DocumentA4 } from '../components/document-a4';
import { QUOTE_STATES } from '../components/quote-states';

export default function QuoteA4() {
  const { header, quote } = useLoaderData() as QuotePrint;
  if (!quote) {
    return <p className="p-8 text-sm">Indique la cotización a imprimir (por ejemplo /tickets/quoter/A4PDF?id=1).</p>;
  }
  return (
    <DocumentA4
      header={header}
      title="COTIZACIÓN"
      number={String(quote.number)}
      date={quote.date}
      client={quote.client}
      lines={quote.lines}
      totals={quote.totals}
      details={[
        ['Válida hasta', formatDate(quote.validUntil)],
        ['Vendedor', quote.user],
        ['Estado', quote.saleNumber ? `${QUOTE_STATES[quote.state]} en la venta ${quote.saleNumber}` : (QUOTE_STATES[quote.state] ?? quote.state)],
      ]}
      footer={
        <div data-testid="quote-note">
          <p>Precios sujetos a disponibilidad de stock. Esta cotización no es un comprobante de venta.</p>
          {quote.note && <p className="mt-2">{`Nota: ${quote.note}`}</p>}
        </div>
      }
    />
  );
}
