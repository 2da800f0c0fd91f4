/**
 * The RIDE for 80 mm thermal printers (`/tickets/{factura|notaCredito}/{id}/Ticket80`): the same
 * data as the A4 in one column; the clave de acceso in groups so it stays legible, and its
 * Code 128 across the width.
 */
import { useLoaderData } from 'react-router';
import { PrintBar } from '../../../components/print-button';
import { TicketRow, TicketRule, TicketSection } from '../../../components/ticket80';
import type { RidePage } from '../../../lib/api-types';
import { Code128 } from '../components/code128';
import { NotAuthorized } from '../components/ride-a4';

/** The 49 digits in groups of 7 (legible on a narrow ticket). */
function grouped(key: string): string {
  return key.replace(/(\d{7})(?=\d)/g, '$1 ');
}

export default function RideTicketPage() {
  const { ride } = useLoaderData() as RidePage;
  const { issuer, buyer } = ride;
  return (
    <>
      <PrintBar size="80mm" />
      <article data-testid="ride-ticket" data-print-size="80mm" className="mx-auto w-[80mm] bg-white px-[3mm] py-[4mm] font-mono text-[11px] leading-snug text-black">
        <header className="text-center">
          {issuer.logo && <img src={issuer.logo} alt="Logo" className="mx-auto mb-1 max-h-[18mm] max-w-full" />}
          <p className="text-[13px] font-bold">{issuer.tradeName ?? issuer.legalName}</p>
          {issuer.tradeName && <p>{issuer.legalName}</p>}
          <p>{`R.U.C.: ${issuer.ruc}`}</p>
          <p>{`Matriz: ${issuer.headOfficeAddress}`}</p>
          {issuer.branchAddress && <p>{`Sucursal: ${issuer.branchAddress}`}</p>}
          {issuer.specialTaxpayer && <p>{`Contribuyente Especial Nro: ${issuer.specialTaxpayer}`}</p>}
          <p>{`OBLIGADO A LLEVAR CONTABILIDAD: ${issuer.keepsAccounts}`}</p>
          {issuer.withholdingAgent && <p>{`Agente de Retención Resolución No. ${issuer.withholdingAgent}`}</p>}
          {issuer.rimpeLegend && <p className="font-bold">{issuer.rimpeLegend}</p>}
        </header>
        <TicketRule />
        <p className="text-center font-bold">{ride.title}</p>
        <p className="text-center" data-testid="ride-number">{`No. ${ride.number}`}</p>
        {!ride.authorized && <NotAuthorized ride={ride} />}
        <p className="font-bold">NÚMERO DE AUTORIZACIÓN</p>
        <p data-testid="ride-authorization" className="break-all">
          {ride.authorizationNumber ?? 'PENDIENTE'}
        </p>
        <TicketRow label="Fecha autorización" value={ride.authorizationDate ?? 'PENDIENTE'} />
        <TicketRow label="Ambiente" value={ride.environment} />
        <TicketRow label="Emisión" value={ride.emission} />
        <p className="font-bold">CLAVE DE ACCESO</p>
        <Code128 barcode={ride.barcode} value={ride.accessKey} className="h-[12mm] w-full" />
        <p data-testid="ride-access-key" className="text-center">
          {grouped(ride.accessKey)}
        </p>
        <TicketRule />
        <TicketRow label="Fecha emisión" value={ride.issueDate} />
        {buyer && (
          <>
            <TicketRow label="Cliente" value={buyer.name} />
            <TicketRow label={buyer.idType} value={buyer.id} />
            {buyer.address && <TicketRow label="Dirección" value={buyer.address} />}
          </>
        )}
        {ride.remissionGuide && <TicketRow label="Guía de remisión" value={ride.remissionGuide} />}
        {ride.modified && (
          <>
            <TicketRow label="Modifica" value={`${ride.modified.docType} ${ride.modified.number}`} />
            <TicketRow label="Fecha sustento" value={ride.modified.issueDate} />
            <TicketRow label="Motivo" value={ride.modified.reason} />
          </>
        )}
        <TicketRule />
        <div data-testid="ride-lines">
          {ride.lines.map((l, i) => (
            <div key={i}>
              <p>{`${l.mainCode ? `${l.mainCode} ` : ''}${l.description}`}</p>
              {l.details.map((d) => (
                <p key={d.name} className="pl-2">{`${d.name}: ${d.value}`}</p>
              ))}
              <TicketRow label={`${l.quantity} x ${l.unitPrice}`} value={l.total} />
              {l.discount !== '0.00' && <TicketRow label="  (descuento incluido)" value={`-${l.discount}`} />}
            </div>
          ))}
        </div>
        <TicketRule />
        <div data-testid="ride-totals">
          {ride.totals.map((t) => (
            <TicketRow key={t.label} label={t.label} value={t.value} strong={t.label === 'VALOR TOTAL'} />
          ))}
        </div>
        {ride.payments.length > 0 && (
          <TicketSection title="Formas de pago">
            {ride.payments.map((p, i) => (
              <TicketRow key={i} label={`${p.code} ${p.label}${p.term ? ` (${p.term} ${p.timeUnit ?? ''})` : ''}`} value={p.amount} />
            ))}
          </TicketSection>
        )}
        {ride.additionalInfo.length > 0 && (
          <TicketSection title="Información adicional">
            {ride.additionalInfo.map((a, i) => (
              <TicketRow key={i} label={a.name} value={a.value} />
            ))}
          </TicketSection>
        )}
      </article>
    </>
  );
}
