/**
 * «Imprimir» of every printout and printable list: one button, never printed itself (`.no-print`
 * in the print stylesheet of `styles/app.css`). On the app's pages React calls `window.print`; on
 * printable documents, which carry no app bundle, the small `print.ts` script does (the server
 * adds it when the page renders this button); without JavaScript the shell hides the button.
 */
export function PrintButton({ label = 'Imprimir' }: { label?: string }) {
  return (
    <button type="button" className="btn btn-secondary no-print" data-print-button onClick={() => window.print()}>
      {label}
    </button>
  );
}

/** The button above a printout, right-aligned over the sheet's width (`a4` or the 80 mm ticket). */
export function PrintBar({ size }: { size: 'a4' | '80mm' }) {
  return (
    <div className={`no-print mx-auto flex justify-end py-2 ${size === 'a4' ? 'max-w-[210mm]' : 'w-[80mm]'}`}>
      <PrintButton />
    </div>
  );
}
