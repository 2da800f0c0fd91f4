/** The links that open a sale's or a credit note's printouts in a new tab, for a table's last cell. */
export function PrintLinks({ ticket, a4 }: { ticket: string; a4: string }) {
  return (
    <>
      <a href={ticket} target="_blank" rel="noreferrer" className="text-blue-700 underline dark:text-blue-300">
        Ticket
      </a>
      <a href={a4} target="_blank" rel="noreferrer" className="text-blue-700 underline dark:text-blue-300">
        A4
      </a>
    </>
  );
}
