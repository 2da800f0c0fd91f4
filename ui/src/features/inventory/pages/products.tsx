/**
 * `/admin/inventario/productos`: the catalogue (search by name, code or barcode; category filter;
 * stock in the branch) with the create / edit / copy modal, recipe lines included. The list shows
 * the price without IVA (the base the SRI needs) and the PVP a shopper pays; the form takes the
 * prices either way: with «Precio con IVA (PVP)» checked they are PVPs, sent with
 * `priceIncludesIva: true`, and the server stores their base to 6 decimals.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { formText } from '../../../components/data-list/party';
import { Field } from '../../../components/form';
import { CheckboxField, Options, SelectField } from '../../../components/form-fields';
import { IMAGE_MAX_KB, ImageUpload } from '../../../components/image-upload';
import { formatMoney, formatPrice, formatQuantity } from '../../../lib/format';
import { baseOfPvp, isBelow, pvpOf } from '../../../lib/money';
import type { ProductsPage, ProductView } from '../../../lib/api-types';
import { ScanInput } from '../shared';

interface RecipeLine {
  ingredientId: number;
  /** `código · nombre` of the ingredient. */
  name: string;
  unit: string;
  quantity: string;
}

/**
 * A price level of the form: warns under the field while the typed price is below the product's
 * branch average cost (`cost`, from the page's `averageCosts`); saving still works, and the
 * server repeats the warning in its answer. Under the field, the other price: the PVP of a base,
 * or the base (6 decimals) and the resulting PVP of a price typed with IVA (`percent` not null).
 */
function PriceField({
  cost,
  value,
  onValue,
  percent,
  rate,
  ...field
}: {
  label: string;
  name: string;
  required?: boolean;
  error?: string;
  cost?: string;
  value: string;
  onValue: (v: string) => void;
  /** The IVA percent when the value is a PVP; null when it is the base. */
  percent: number | null;
  /** The product's IVA percent. */
  rate: number;
}) {
  const typed = value.trim() !== '';
  const base = percent === null ? value : (baseOfPvp(value, percent) ?? '');
  const below = cost !== undefined && typed && base !== '' && isBelow(base, cost);
  const pvp = typed && base !== '' ? pvpOf(base, rate) : null;
  return (
    <div>
      <Field inputMode="decimal" value={value} onChange={(e) => onValue(e.target.value)} {...field} />
      {pvp !== null && !field.error && (
        <p className="mt-1 text-xs text-gray-500" data-price-hint={field.name}>
          {percent === null ? `PVP ${formatMoney(pvp)}` : `Sin IVA ${base} · PVP ${formatMoney(pvp)}`}
        </p>
      )}
      {below && !field.error && (
        <p className="mt-1 text-sm text-amber-700 dark:text-amber-400" role="status" data-field-warning={field.name}>
          {`El precio está por debajo del costo promedio (${cost})`}
        </p>
      )}
    </div>
  );
}

/** The product's IVA and its three price levels, entered without IVA or with it (PVP). */
function IvaAndPrices({ values, errors, cost, data }: { values: ProductView | null; errors: Record<string, string>; cost?: string; data: ProductsPage }) {
  const [ivaCode, setIvaCode] = useState(values?.ivaCode ?? '4');
  const [withIva, setWithIva] = useState(false);
  const [prices, setPrices] = useState({ price: values?.price ?? '', price2: values?.price2 ?? '', price3: values?.price3 ?? '' });
  const rate = data.ivaPercents[ivaCode] ?? 0;
  // Switching converts what is typed, so the same prices stay on screen the other way.
  const toggle = (on: boolean) => {
    const convert = (v: string) => (v.trim() === '' ? v : on ? pvpOf(v, rate) : (baseOfPvp(v, rate) ?? v));
    setPrices({ price: convert(prices.price), price2: convert(prices.price2), price3: convert(prices.price3) });
    setWithIva(on);
  };
  const level = (name: 'price' | 'price2' | 'price3', label: string, required = false) => (
    <PriceField
      label={withIva ? `PVP${label}` : `Precio${label} sin IVA`}
      name={name}
      required={required}
      value={prices[name]}
      onValue={(v) => setPrices({ ...prices, [name]: v })}
      percent={withIva ? rate : null}
      rate={rate}
      error={errors[name]}
      cost={cost}
    />
  );
  return (
    <>
      <SelectField label="IVA" name="ivaCode" value={ivaCode} error={errors.ivaCode} onChange={(e) => setIvaCode(e.target.value)}>
        <Options items={data.ivaCodes} value={(c) => c.value} label={(c) => c.label} />
      </SelectField>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" name="priceIncludesIva" value="true" checked={withIva} onChange={(e) => toggle(e.target.checked)} className="h-4 w-4 accent-primary-600" />
        Precio con IVA (PVP)
      </label>
      {level('price', '', true)}
      {level('price2', ' mayorista')}
      {level('price3', ' distribuidor')}
    </>
  );
}

/** The ingredient lines of a recipe, kept in a hidden field as JSON. */
function RecipeEditor({ initial, error }: { initial: ProductView | null; error?: string }) {
  const [lines, setLines] = useState<RecipeLine[]>(
    (initial?.recipe ?? []).map((l) => ({ ingredientId: l.ingredientId, name: l.code ? `${l.code} · ${l.name}` : l.name, unit: l.unit, quantity: l.quantity })),
  );
  return (
    <fieldset className="space-y-2 rounded border border-gray-200 p-3 dark:border-gray-700">
      <legend className="px-1 text-sm font-semibold">Ingredientes de la receta</legend>
      <ScanInput
        label="Agregar ingrediente (código de barras o código)"
        onProduct={(p) =>
          setLines((current) =>
            current.some((l) => l.ingredientId === p._id) ? current : [...current, { ingredientId: p._id, name: `${p.code} · ${p.name}`, unit: p.unit, quantity: '1' }],
          )
        }
      />
      {lines.map((line, i) => (
        <div key={line.ingredientId} className="flex items-center gap-2 text-sm">
          <span className="flex-1">{line.name}</span>
          <input
            className="input w-28"
            aria-label={`Cantidad de ${line.name}`}
            value={line.quantity}
            onChange={(e) => setLines(lines.map((l, j) => (j === i ? { ...l, quantity: e.target.value } : l)))}
          />
          <span className="w-12 text-gray-600 dark:text-gray-400">{line.unit}</span>
          <button type="button" className="btn-ghost" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
            Quitar
          </button>
        </div>
      ))}
      <input type="hidden" name="recipe" value={JSON.stringify(lines.map(({ ingredientId, quantity }) => ({ ingredientId, quantity })))} />
      {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}

export default function Products() {
  const data = useLoaderData() as ProductsPage;
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<string>('product');
  const revalidator = useRevalidator();
  const categoryName = (id: number | null) => data.categories.find((c) => c._id === id)?.name ?? '—';
  const config: ListConfig<ProductView> = {
    base: '/api/item',
    title: 'Productos',
    description: 'Busque por nombre, código o código de barras.',
    newLabel: 'Nuevo producto',
    emptyText: 'Todavía no hay productos. Cree el primero con «Nuevo producto».',
    onlyActiveLabel: 'Solo activos',
    modalSize: 'lg',
    toolbar: (
      <select
        className="input w-auto"
        aria-label="Categoría"
        value={params.get('categoryId') ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.target.value) next.set('categoryId', e.target.value);
          else next.delete('categoryId');
          next.delete('page');
          setParams(next);
        }}
      >
        <option value="">Todas las categorías</option>
        <Options items={data.categories} value={(c) => c._id} label={(c) => c.name} />
      </select>
    ),
    columns: [
      {
        key: 'image',
        label: '',
        render: (p) =>
          p.imageVersion ? (
            <img src={`/api/item/${p._id}/image?v=${p.imageVersion}`} alt="" loading="lazy" className="h-8 w-8 rounded object-cover" />
          ) : null,
      },
      { key: 'code', label: 'Código', sortable: true, render: (p) => p.code },
      { key: 'name', label: 'Nombre', sortable: true, render: (p) => <span className="font-medium">{p.name}</span> },
      { key: 'barcodes', label: 'Códigos de barras', render: (p) => p.barcodes.join(', ') },
      { key: 'category', label: 'Categoría', render: (p) => categoryName(p.categoryId) },
      { key: 'price', label: 'Precio sin IVA', sortable: true, className: 'text-right', render: (p) => formatPrice(p.price) },
      { key: 'pvp', label: 'PVP', className: 'text-right', render: (p) => <span data-testid="product-pvp">{formatMoney(p.pvp)}</span> },
      {
        key: 'stock',
        label: 'Stock',
        className: 'text-right',
        render: (p) => (p.kind === 'service' || p.kind === 'recipe' ? '—' : `${formatQuantity(p.stock)} ${p.unit}`),
      },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar producto' : mode === 'copy' ? 'Copiar producto' : 'Nuevo producto'),
    renderForm: ({ values, errors, mode }) => {
      const currentKind = values?.kind ?? kind;
      // Only an existing product has a cost (a copy is a new product).
      const cost = mode === 'edit' && values ? data.averageCosts[values._id] : undefined;
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Código" name="code" required defaultValue={mode === 'copy' ? '' : (values?.code ?? '')} error={errors.code} maxLength={40} />
          <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={200} />
          <Field
            label="Códigos de barras (separados por coma)"
            name="barcodes"
            defaultValue={mode === 'copy' ? '' : (values?.barcodes ?? []).join(', ')}
            error={errors.barcodes}
          />
          <Field label="Descripción" name="description" defaultValue={values?.description ?? ''} error={errors.description} />
          <SelectField label="Categoría" name="categoryId" defaultValue={values?.categoryId ?? ''} error={errors.categoryId}>
            <option value="">(ninguna)</option>
            <Options items={data.categories} value={(c) => c._id} label={(c) => c.name} />
          </SelectField>
          <SelectField label="Tipo" name="kind" defaultValue={currentKind} error={errors.kind} onChange={(e) => setKind(e.target.value)}>
            <Options items={data.kinds} value={(k) => k.value} label={(k) => k.label} />
          </SelectField>
          <SelectField label="Unidad" name="unit" defaultValue={values?.unit ?? 'unidad'} error={errors.unit}>
            <Options items={data.units} value={(u) => u} label={(u) => u} />
          </SelectField>
          <IvaAndPrices values={values} errors={errors} cost={cost} data={data} />
          <Field label="Stock mínimo" name="minStock" inputMode="decimal" defaultValue={values?.minStock ?? '0'} error={errors.minStock} />
          <CheckboxField label="Activo" name="active" defaultChecked={values?.active ?? true} />
          <div className="sm:col-span-2">
            {mode === 'edit' && values ? (
              <ImageUpload
                title="Imagen"
                saved="Imagen del producto actualizada"
                removed="Imagen del producto eliminada"
                src={values.imageVersion ? `/api/item/${values._id}/image?v=${values.imageVersion}` : null}
                uploadUrl={`/api/item/${values._id}/image`}
                deleteUrl={`/api/item/${values._id}/image/delete`}
                field="image"
                alt={`Imagen de ${values.name}`}
                hint={`PNG o JPEG, hasta ${IMAGE_MAX_KB} KB.`}
                testId="product-image"
                onChanged={() => revalidator.revalidate()}
              />
            ) : (
              <p className="text-xs text-gray-500">Guarde el producto para añadirle una imagen.</p>
            )}
          </div>
          {currentKind === 'recipe' && (
            <div className="sm:col-span-2">
              <RecipeEditor initial={values} error={errors.recipe} />
            </div>
          )}
        </div>
      );
    },
    toBody: (form) => ({
      code: formText(form, 'code'),
      name: formText(form, 'name'),
      barcodes: formText(form, 'barcodes')
        .split(/[,|]/)
        .map((b) => b.trim())
        .filter(Boolean),
      description: formText(form, 'description') || null,
      categoryId: form.get('categoryId') ? Number(form.get('categoryId')) : null,
      kind: formText(form, 'kind'),
      unit: formText(form, 'unit'),
      ivaCode: formText(form, 'ivaCode'),
      price: formText(form, 'price'),
      price2: formText(form, 'price2') || null,
      price3: formText(form, 'price3') || null,
      priceIncludesIva: form.get('priceIncludesIva') === 'true',
      minStock: formText(form, 'minStock') || '0',
      active: form.get('active') === 'true',
      recipe: form.get('recipe') ? JSON.parse(String(form.get('recipe'))) : [],
    }),
  };
  return <ListScreen config={config} data={data.list} />;
}
