/**
 * `/admin/compras/manual`: a purchase with free-text lines (supplies, services) that does not
 * touch inventory: description, quantity, unit cost, discount and IVA per line, totals per rate
 * previewed as typed, paid now or on credit. The registered ones are listed below.
 */
import { useLoaderData } from 'react-router';
import { DocumentForm, LineEditor, LineInput, useLines } from '../../../components/document-form';
import { FieldError } from '../../../components/form';
import type { ManualPurchasesPage } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { IvaSelect, PurchaseHeader, PurchaseList, TotalsBox, lineAmounts, usePurchaseForm } from '../components/parts';
import { purchaseTotals } from '../totals';

interface Line {
  description: string;
  quantity: string;
  unitCost: string;
  discount: string;
  ivaCode: string;
}

const emptyLine = (): Line => ({ description: '', quantity: '1', unitCost: '', discount: '', ivaCode: '4' });

export default function ManualPurchases() {
  const { list, form } = useLoaderData() as ManualPurchasesPage;
  const { lines, setLines, update, remove, reset } = useLines(() => [emptyLine()]);
  const purchase = usePurchaseForm('/api/purchases/manual/register', form, 'cash', lines);
  const totals = purchaseTotals(
    lines.map((l) => ({ ...l, quantity: decimalText(l.quantity), unitCost: decimalText(l.unitCost), discount: decimalText(l.discount) })),
    form.ivaCodes,
  );
  const nth = (i: number) => `de la línea ${i + 1}`;

  const submit = () =>
    purchase.register(
      { lines: lines.map((l) => ({ description: l.description.trim(), ...lineAmounts(l) })) },
      (saved) => ({ title: 'Compra manual registrada', description: `Total ${formatMoney(saved.total)}` }),
      reset,
    );

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Compras manuales</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">Compras con líneas de texto libre, sin movimiento de inventario.</p>
      <DocumentForm testId="manual-form" onSubmit={submit} headerClassName="grid gap-3 md:grid-cols-3"
                header={<PurchaseHeader purchase={purchase} form={form} amount={totals.total} numberRequired={false} />}
        totals={<TotalsBox totals={totals} />}
        error={purchase.errors.form}
        errorTestId="purchase-error"
        busy={purchase.busy}
        submitLabel="Registrar compra"
      >
        <LineEditor
          testId="manual-lines"
          lines={lines}
          columns={[
            {
              header: 'Descripción',
              cell: (l, i) => <input className="input" aria-label={`Descripción ${nth(i)}`} value={l.description} maxLength={300} onChange={(e) => update(i, { description: e.target.value })} />,
            },
            { header: 'Cantidad', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Cantidad ${nth(i)}`} value={l.quantity} onChange={(quantity) => update(i, { quantity })} /> },
            { header: 'Costo unitario', numeric: true, cell: (l, i) => <LineInput label={`Costo ${nth(i)}`} value={l.unitCost} placeholder="0.00" onChange={(unitCost) => update(i, { unitCost })} /> },
            { header: 'Descuento', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Descuento ${nth(i)}`} value={l.discount} placeholder="0.00" onChange={(discount) => update(i, { discount })} /> },
            { header: 'IVA', cell: (l, i) => <IvaSelect label={`IVA ${nth(i)}`} codes={form.ivaCodes} value={l.ivaCode} onChange={(ivaCode) => update(i, { ivaCode })} /> },
            { header: 'Neto', numeric: true, cell: (_, i) => formatMoney(totals.nets[i] ?? '0') },
          ]}
          onRemove={remove}
          canRemove={lines.length > 1}
        />
        <button type="button" className="btn btn-secondary" onClick={() => setLines([...lines, emptyLine()])}>
          Agregar línea
        </button>
        <FieldError message={purchase.errors.lines} />
      </DocumentForm>
      <PurchaseList kind="manual" list={list} heading="Compras manuales registradas" emptyText="Todavía no hay compras manuales." />
    </div>
  );
}
