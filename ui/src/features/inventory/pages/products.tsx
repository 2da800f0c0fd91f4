/**
 * `/admin/inventario/productos`: the catalogue (search by name, code or barcode; category filter;
 * stock in the branch) with the create / edit / copy modal, recipe lines included.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import { IMAGE_MAX_KB, ImageUpload } from '../../../components/image-upload';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { isBelow } from '../../../lib/money';
import type { ProductsPage, ProductView } from '../../../lib/api-types';
import { ScanInput } from './shared';

interface RecipeLine {
  ingredientId: number;
  name: string;
  quantity: string;
}

/**
 * A price level of the form: warns under the field while the typed price is below the product's
 * branch average cost (`cost`, from the page's `averageCosts`); saving still works, and the
 * server repeats the warning in its answer.
 */
function PriceField({ cost, defaultValue, ...field }: { label: string; name: string; required?: boolean; error?: string; cost?: string; defaultValue: string }) {
  const [value, setValue] = useState(defaultValue);
  const below = cost !== undefined && value.trim() !== '' && isBelow(value, cost);
  return (
    <div>
      <Field inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} {...field} />
      {below && !field.error && (
        <p className="mt-1 text-sm text-amber-700 dark:text-amber-400" role="status" data-field-warning={field.name}>
          {`El precio está por debajo del costo promedio (${cost})`}
        </p>
      )}
    </div>
  );
}

/** The ingredient lines of a recipe, kept in a hidden field as JSON. */
function RecipeEditor({ initial, error }: { initial: ProductView | null; error?: string }) {
  const [lines, setLines] = useState<RecipeLine[]>(
    (initial?.recipe ?? []).map((l) => ({ ingredientId: l.ingredientId, name: `#${l.ingredientId}`, quantity: l.quantity })),
  );
  return (
    <fieldset className="space-y-2 rounded border border-gray-200 p-3 dark:border-gray-700">
      <legend className="px-1 text-sm font-semibold">Ingredientes de la receta</legend>
      <ScanInput
        label="Agregar ingrediente (código de barras o código)"
        onProduct={(p) =>
          setLines((current) =>
            current.some((l) => l.ingredientId === p._id) ? current : [...current, { ingredientId: p._id, name: p.name, quantity: '1' }],
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

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

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
        {data.categories.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
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
      { key: 'price', label: 'Precio', sortable: true, className: 'text-right', render: (p) => formatMoney(p.price) },
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
            {data.categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Tipo" name="kind" defaultValue={currentKind} error={errors.kind} onChange={(e) => setKind(e.target.value)}>
            {data.kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Unidad" name="unit" defaultValue={values?.unit ?? 'unidad'} error={errors.unit}>
            {data.units.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </SelectField>
          <SelectField label="IVA" name="ivaCode" defaultValue={values?.ivaCode ?? '4'} error={errors.ivaCode}>
            {data.ivaCodes.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <PriceField label="Precio sin IVA" name="price" required defaultValue={values?.price ?? ''} error={errors.price} cost={cost} />
          <PriceField label="Precio mayorista" name="price2" defaultValue={values?.price2 ?? ''} error={errors.price2} cost={cost} />
          <PriceField label="Precio distribuidor" name="price3" defaultValue={values?.price3 ?? ''} error={errors.price3} cost={cost} />
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
      code: text(form, 'code'),
      name: text(form, 'name'),
      barcodes: text(form, 'barcodes')
        .split(/[,|]/)
        .map((b) => b.trim())
        .filter(Boolean),
      description: text(form, 'description') || null,
      categoryId: form.get('categoryId') ? Number(form.get('categoryId')) : null,
      kind: text(form, 'kind'),
      unit: text(form, 'unit'),
      ivaCode: text(form, 'ivaCode'),
      price: text(form, 'price'),
      price2: text(form, 'price2') || null,
      price3: text(form, 'price3') || null,
      minStock: text(form, 'minStock') || '0',
      active: form.get('active') === 'true',
      recipe: form.get('recipe') ? JSON.parse(String(form.get('recipe'))) : [],
    }),
  };
  return <ListScreen config={config} data={data.list} />;
}
