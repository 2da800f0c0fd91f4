/** What a restaurant sale is billed as: a sales note, or a factura sent to the SRI. */
export type DocumentType = 'note' | 'invoice';

/**
 * The «Comprobante» choice of the bill dialog and of factura express. `legend` styles its legend:
 * shown above the choice, or only for screen readers where the card says it already.
 */
export function DocumentTypeChoice({ value, onChange, className, legendClassName }: { value: DocumentType; onChange: (type: DocumentType) => void; className: string; legendClassName: string }) {
  const option = (type: DocumentType, label: string) => (
    <label className="flex items-center gap-1">
      <input type="radio" name="documentType" checked={value === type} onChange={() => onChange(type)} /> {label}
    </label>
  );
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>Comprobante</legend>
      {option('note', 'Nota de venta')}
      {option('invoice', 'Factura')}
    </fieldset>
  );
}
