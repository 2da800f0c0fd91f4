/** `/admin/ventas/promos`: the company's promotions (admin and user). The server applies the best one per sale line. */
import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { formText, stateColumns } from '../../../components/data-list/party';
import { Field } from '../../../components/form';
import { CheckboxField, CheckboxGroup, Options, SelectField } from '../../../components/form-fields';
import { apiGet } from '../../../lib/api';
import type { CategoryView, Page, ProductView, PromotionProductView, PromotionView, PromotionsPage as PromotionsPageData } from '../../../lib/api-types';
import { useDebounced } from '../../../lib/debounce';
import { formatDate } from '../../../lib/format';

const KINDS: Record<string, string> = {
  percent: 'Porcentaje',
  fixed: 'Valor fijo por unidad',
  buy_n_pay_m: 'Lleve N pague M',
};

const TARGETS: Record<string, string> = { products: 'Productos', category: 'Una categoría' };

const WEEKDAYS = [
  { value: '1', label: 'Lunes' },
  { value: '2', label: 'Martes' },
  { value: '3', label: 'Miércoles' },
  { value: '4', label: 'Jueves' },
  { value: '5', label: 'Viernes' },
  { value: '6', label: 'Sábado' },
  { value: '7', label: 'Domingo' },
];

const SHORT_DAYS = ['', 'L', 'M', 'X', 'J', 'V', 'S', 'D'];

/** Today in the browser's time zone (`YYYY-MM-DD`). */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
};

/** What the promotion gives, in words. */
function benefit(p: PromotionView): string {
  if (p.kind === 'percent') return `${p.value} %`;
  if (p.kind === 'fixed') return `$${p.value} por unidad`;
  return `Lleve ${p.buyN ?? '?'} pague ${p.payM ?? '?'}`;
}

/** When the promotion holds, in words. */
function when(p: PromotionView): string {
  const dates = p.endsOn ? `${formatDate(p.startsOn)} a ${formatDate(p.endsOn)}` : `desde ${formatDate(p.startsOn)}`;
  const days = p.weekdays === '1234567' ? 'todos los días' : p.weekdays.split('').map((d) => SHORT_DAYS[Number(d)] ?? d).join(' ');
  const hours = p.timeFrom && p.timeTo ? `, ${p.timeFrom}–${p.timeTo}` : '';
  return `${dates} · ${days}${hours}`;
}

/** Search-and-pick of the company's products; the chosen ones go in hidden `productIds` inputs. */
function ProductPicker({ initial, error }: { initial: PromotionProductView[]; error?: string }) {
  const [chosen, setChosen] = useState<PromotionProductView[]>(initial);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const [found, setFound] = useState<ProductView[]>([]);
  useEffect(() => {
    if (!settled) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(settled)}&onlyActive=true&limit=10`, { quiet: true, signal: controller.signal })
      .then((page) => setFound(page.results))
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [settled]);
  const add = (p: ProductView) => {
    if (!chosen.some((c) => c._id === p._id)) setChosen([...chosen, { _id: p._id, code: p.code, name: p.name }]);
  };
  return (
    <div className="sm:col-span-2">
      <label htmlFor="promo-product-search" className="label">
        Productos
      </label>
      {chosen.map((p) => (
        <input key={p._id} type="hidden" name="productIds" value={p._id} />
      ))}
      <ul className="mb-2 flex flex-wrap gap-2" data-testid="promo-products">
        {chosen.map((p) => (
          <li key={p._id} className="flex items-center gap-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs text-primary-800">
            <span className="font-mono">{p.code}</span> {p.name}
            <button type="button" className="ml-1 font-bold" aria-label={`Quitar ${p.name}`} onClick={() => setChosen(chosen.filter((c) => c._id !== p._id))}>
              ×
            </button>
          </li>
        ))}
        {chosen.length === 0 && <li className="text-sm text-gray-500">Ningún producto elegido</li>}
      </ul>
      <input
        id="promo-product-search"
        className="input"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the first match instead of sending the form.
          if (e.key === 'Enter') {
            e.preventDefault();
            if (found[0]) add(found[0]);
          }
        }}
        placeholder="Buscar por nombre, código o código de barras"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
      />
      {found.length > 0 && (
        <ul className="mt-1 max-h-48 overflow-auto rounded border border-gray-200 dark:border-gray-700">
          {found.map((p) => (
            <li key={p._id}>
              <button type="button" className="w-full px-2 py-1 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800" onClick={() => add(p)}>
                <span className="font-mono">{p.code}</span> {p.name} · ${p.price}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-400" data-field-error="productIds">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fields of the create/edit form; which ones show depends on the kind and the target. */
function PromotionForm({ values, errors, categories }: { values: PromotionView | null; errors: Record<string, string>; categories: CategoryView[] }) {
  const [kind, setKind] = useState(values?.kind ?? 'percent');
  const [target, setTarget] = useState(values?.target ?? 'products');
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label="Nombre (se muestra en la línea de la venta)" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={100} />
      </div>
      <SelectField label="Tipo" name="kind" value={kind} onChange={(e) => setKind(e.target.value)} error={errors.kind}>
        {Object.entries(KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {kind === 'buy_n_pay_m' ? (
        <div className="grid grid-cols-2 gap-x-4">
          <Field label="Lleve" name="buyN" inputMode="numeric" defaultValue={String(values?.buyN ?? 2)} error={errors.buyN} />
          <Field label="Pague" name="payM" inputMode="numeric" defaultValue={String(values?.payM ?? 1)} error={errors.payM} />
        </div>
      ) : (
        <Field
          label={kind === 'percent' ? 'Porcentaje (%)' : 'Descuento por unidad (USD)'}
          name="value"
          inputMode="decimal"
          defaultValue={values && values.kind === kind ? values.value : ''}
          error={errors.value}
        />
      )}
      <SelectField label="Se aplica a" name="target" value={target} onChange={(e) => setTarget(e.target.value)} error={errors.target}>
        {Object.entries(TARGETS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {target === 'category' ? (
        <SelectField label="Categoría" name="categoryId" defaultValue={values?.categoryId ?? ''} error={errors.categoryId}>
          <option value="">Elija una categoría</option>
          <Options items={categories} value={(c) => c._id} label={(c) => c.parentName ? `${c.parentName} › ${c.name}` : c.name} />
        </SelectField>
      ) : (
        <div />
      )}
      {target === 'products' && <ProductPicker initial={values?.products ?? []} error={errors.productIds} />}
      <Field label="Desde" name="startsOn" type="date" required defaultValue={values?.startsOn ?? today()} error={errors.startsOn} />
      <Field label="Hasta (opcional)" name="endsOn" type="date" defaultValue={values?.endsOn ?? ''} error={errors.endsOn} />
      <div className="sm:col-span-2">
        <CheckboxGroup label="Días de la semana" name="weekdays" options={WEEKDAYS} checked={(values?.weekdays ?? '1234567').split('')} error={errors.weekdays} />
      </div>
      <Field label="Desde la hora (opcional)" name="timeFrom" type="time" defaultValue={values?.timeFrom ?? ''} error={errors.timeFrom} hint="Hora de Ecuador" />
      <Field label="Hasta la hora" name="timeTo" type="time" defaultValue={values?.timeTo ?? ''} error={errors.timeTo} hint="Si es anterior a la inicial, pasa la medianoche" />
      <div className="self-end pb-4">
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
      </div>
    </div>
  );
}

export default function PromotionsPage() {
  const { list, categories } = useLoaderData() as PromotionsPageData;
  const config: ListConfig<PromotionView> = {
    base: '/api/sales/promo',
    title: 'Promociones',
    description: 'Descuentos que el sistema aplica solo en las ventas y cotizaciones: en cada línea gana la mejor promoción.',
    newLabel: 'Nueva promoción',
    emptyText: 'No hay promociones que coincidan. Cree una con «Nueva promoción».',
    onlyActiveLabel: 'Solo activas',
    canLock: true,
    canDelete: true,
    columns: [
      { key: 'name', label: 'Nombre', sortable: true, render: (p) => <span className="font-medium">{p.name}</span> },
      { key: 'kind', label: 'Beneficio', sortable: true, render: benefit },
      {
        key: 'target',
        label: 'Aplica a',
        render: (p) => (p.target === 'category' ? `Categoría ${p.categoryName ?? ''}` : p.products.map((x) => x.name).join(', ') || '—'),
      },
      { key: 'startsOn', label: 'Vigencia', sortable: true, render: when },
      ...stateColumns('Activa', 'Inactiva', 'Bloqueada'),
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar promoción' : mode === 'copy' ? 'Copiar promoción' : 'Nueva promoción'),
    modalSize: 'lg',
    renderForm: ({ values, errors, mode }) => <PromotionForm key={`${mode}-${values?._id ?? 'new'}`} values={values} errors={errors} categories={categories} />,
    toBody: (form) => {
      const kind = formText(form, 'kind');
      const target = formText(form, 'target');
      return {
        name: formText(form, 'name'),
        kind,
        value: kind === 'buy_n_pay_m' ? null : formText(form, 'value'),
        buyN: kind === 'buy_n_pay_m' ? formText(form, 'buyN') : null,
        payM: kind === 'buy_n_pay_m' ? formText(form, 'payM') : null,
        target,
        categoryId: target === 'category' && formText(form, 'categoryId') ? Number(formText(form, 'categoryId')) : null,
        productIds: target === 'products' ? form.getAll('productIds').map((v) => Number(v)) : [],
        startsOn: formText(form, 'startsOn'),
        endsOn: formText(form, 'endsOn') || null,
        weekdays: form.getAll('weekdays').map(String).join(''),
        timeFrom: formText(form, 'timeFrom') || null,
        timeTo: formText(form, 'timeTo') || null,
        active: form.get('active') === 'true',
      };
    },
  };
  return <ListScreen config={config} data={list} />;
}
