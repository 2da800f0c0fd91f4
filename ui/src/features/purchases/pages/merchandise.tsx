/**
 * `/admin/compras/mercaderia`: merchandise purchases. The supplier, their factura's number and
 * authorization, the date and the warehouse the stock comes into; lines picked by product with
 * quantity, unit cost (it starts from the product's last purchase cost), discount and IVA; totals
 * per rate previewed as typed; paid now (cash from
 * my shift or a bank account) or on credit (a payable due after the supplier's credit days). The
 * stock enters at cost through the inventory service. Admin and user cancel a purchase.
 */
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { DocumentForm, LineEditor, LineInput, useLines } from '../../../components/document-form';
import { FieldError } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import { SuggestField, searchText, useFound, useSuggestions } from '../../../components/suggestions';
import { apiGet } from '../../../lib/api';
import type { LastCostView, MerchandisePage, Page, ProductView } from '../../../lib/api-types';
import { formatDate, formatMoney, formatPrice } from '../../../lib/format';
import { IvaSelect, PurchaseHeader, PurchaseList, TotalsBox, lineAmounts, usePurchaseForm } from '../components/parts';
import { purchaseTotals } from '../totals';

interface Line {
  productId: number;
  code: string;
  name: string;
  quantity: string;
  unitCost: string;
  discount: string;
  ivaCode: string;
  /** The product's last purchase, when it had one: the cost started from it. */
  last?: { unitCost: string; date: string };
}

export default function Merchandise() {
  const { list, form, cellars } = useLoaderData() as MerchandisePage;
  const { lines, setLines, update, remove, reset } = useLines<Line>(() => []);
  const purchase = usePurchaseForm('/api/purchases/merchandise/register', form, 'credit', lines);
  const { errors } = purchase;
  const [cellarId, setCellarId] = useState(String(cellars.find((c) => c.isDefault)?._id ?? cellars[0]?._id ?? ''));
  const [productQ, setProductQ] = useState('');
  const text = searchText(productQ);
  const [products, setProducts] = useFound(text && `/api/item?search=${text}&limit=10&active=true`, (p: Page<ProductView>) =>
    // What is bought into stock: products and ingredients, not services or combos.
    p.results.filter((x) => x.kind === 'product' || x.kind === 'ingredient'),
  );

  function addProduct(p: ProductView) {
    setLines([...lines, { productId: p._id, code: p.code, name: p.name, quantity: '1', unitCost: '', discount: '', ivaCode: p.ivaCode }]);
    setProductQ('');
    setProducts([]);
    // The cost starts from the last purchase's, unless one was typed meanwhile.
    apiGet<LastCostView>(`/api/purchases/merchandise/lastCost?productId=${p._id}`, { quiet: true })
      .then((c) => {
        const { unitCost, date } = c;
        if (unitCost === null || date === null) return;
        setLines((ls) => ls.map((l) => (l.productId === p._id && !l.last ? { ...l, unitCost: l.unitCost === '' ? unitCost : l.unitCost, last: { unitCost, date } } : l)));
      })
      .catch(() => undefined);
  }
  const productSuggestions = useSuggestions(products, addProduct);
  const totals = purchaseTotals(lines, form.ivaCodes);

  const submit = () =>
    purchase.register(
      {
        // The supplier's factura always has a number: an empty one is refused as such.
        documentNumber: purchase.header.documentNumber.trim(),
        cellarId: Number(cellarId) || null,
        lines: lines.map((l) => ({ productId: l.productId, ...lineAmounts(l) })),
      },
      (saved) => ({ title: `Compra ${saved.documentNumber ?? ''} registrada`, description: `Total ${formatMoney(saved.total)}` }),
      reset,
    );

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Compras de mercadería</h1>
      <DocumentForm testId="merchandise-form" onSubmit={submit} headerClassName="grid gap-3 md:grid-cols-3"
                header={
          <PurchaseHeader purchase={purchase} form={form} amount={totals.total} numberRequired>
            <SelectField label="Bodega" name="cellarId" value={cellarId} onChange={(e) => setCellarId(e.target.value)} error={errors.cellarId}>
              <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
            </SelectField>
          </PurchaseHeader>
        }
        totals={lines.length > 0 && <TotalsBox totals={totals} />}
        error={errors.form}
        errorTestId="purchase-error"
        busy={purchase.busy}
        ready={lines.length > 0}
        submitLabel="Registrar compra"
      >
        <div>
          <SuggestField label="Agregar producto" name="productSearch" value={productQ} onChange={setProductQ} placeholder="Nombre, código o código de barras"
            suggestions={productSuggestions} listLabel="Productos sugeridos" render={(p) => `${p.code} · ${p.name} · stock ${p.stock}`} />
        </div>
        {lines.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Agregue los productos de la factura del proveedor.</p>
        ) : (
          <LineEditor
            testId="merchandise-lines"
            lines={lines}
            columns={[
              { header: 'Producto', cell: (l) => `${l.code} · ${l.name}` },
              { header: 'Cantidad', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(quantity) => update(i, { quantity })} /> },
              {
                header: 'Costo unitario',
                numeric: true,
                cell: (l, i) => (
                  <>
                    <LineInput label={`Costo de ${l.name}`} value={l.unitCost} placeholder="0.00" onChange={(unitCost) => update(i, { unitCost })} />
                    {l.last && (
                      <span className="block text-xs text-gray-500" data-testid="last-cost">
                        {`Última compra ${formatPrice(l.last.unitCost)} · ${formatDate(l.last.date)}`}
                      </span>
                    )}
                  </>
                ),
              },
              { header: 'Descuento', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Descuento de ${l.name}`} value={l.discount} placeholder="0.00" onChange={(discount) => update(i, { discount })} /> },
              { header: 'IVA', cell: (l, i) => <IvaSelect label={`IVA de ${l.name}`} codes={form.ivaCodes} value={l.ivaCode} onChange={(ivaCode) => update(i, { ivaCode })} /> },
              { header: 'Neto', numeric: true, cell: (_, i) => formatMoney(totals.nets[i] ?? '0') },
            ]}
            onRemove={remove}
          />
        )}
        <FieldError message={errors.lines} />
      </DocumentForm>
      <PurchaseList kind="merchandise" list={list} heading="Compras registradas" emptyText="Todavía no hay compras." />
    </div>
  );
}
