/**
 * The 80 mm ticket layout shared by every receipt printer document (the cash count now, sales
 * tickets later): the issuer's header, dashed rules, label/value rows. Complete HTML without the
 * app's scripts, with the «Imprimir» button; the print stylesheet (`styles/app.css`) sizes the page
 * for the thermal printer.
 */
import type { ReactNode } from 'react';
import type { TicketHeader } from '../lib/api-types';
import { PrintBar } from './print-button';

/** A ticket of 80 mm with the issuer's header and a title. */
export function Ticket80({ header, title, children }: { header: TicketHeader; title: string; children: ReactNode }) {
  return (
    <>
      <PrintBar size="80mm" />
      <article data-testid="ticket" data-print-size="80mm" className="mx-auto w-[80mm] bg-white px-[3mm] py-[4mm] font-mono text-[11px] leading-snug text-black">
        <header className="text-center">
          <p className="text-[13px] font-bold">{header.tradeName ?? header.businessName}</p>
          {header.tradeName && <p>{header.businessName}</p>}
          <p>{`RUC ${header.ruc}`}</p>
          <p>{header.address}</p>
          {header.branchName && <p>{header.branchName}</p>}
        </header>
        <TicketRule />
        <p className="text-center font-bold">{title}</p>
        <TicketRule />
        {children}
      </article>
    </>
  );
}

/** A dashed separator. */
export function TicketRule() {
  return <hr className="my-1 border-0 border-t border-dashed border-black" />;
}

/** A label on the left and its value on the right. */
export function TicketRow({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <span>{label}</span>
      <span className="text-right">{value}</span>
    </div>
  );
}

/** A section title inside a ticket. */
export function TicketSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-1">
      <p className="font-bold uppercase">{title}</p>
      {children}
    </section>
  );
}
