/**
 * The one script of a printable document (tickets, A4 sheets, RIDEs): they are rendered without
 * the app's bundle so they work without JavaScript, but where the browser runs scripts their
 * «Imprimir» button ([`PrintButton`]) opens the print dialog. Loaded by the server only on pages
 * that render that button; without JavaScript the shell's `<noscript>` style hides it.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print-button]')) {
  button.addEventListener('click', () => window.print());
}
