/**
 * `/admin/categorias`: product categories (name, parent, active, the restaurant station — cocina or
 * bar — their products' order items go to, and the quick modifiers the waiter taps for them).
 */
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { stateColumns } from '../../../components/data-list/party';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import type { CategoriesPage as CategoriesPageData, CategoryView } from '../../../lib/api-types';

type Category = CategoryView;

/** Kitchen stations (the server's closed list, `models::inventory::category::STATIONS`). */
const STATIONS: Record<string, string> = { cocina: 'Cocina', bar: 'Bar' };

export default function CategoriesPage() {
  const { list, all } = useLoaderData() as CategoriesPageData;
  const config: ListConfig<Category> = {
    base: '/api/item/category',
    title: 'Categorías',
    description: 'Agrupe sus productos; una categoría puede estar dentro de otra.',
    newLabel: 'Nueva categoría',
    emptyText: 'Todavía no hay categorías. Cree la primera con «Nueva categoría».',
    onlyActiveLabel: 'Solo activas',
    columns: [
      { key: 'name', label: 'Nombre', sortable: true, render: (c) => <span className="font-medium">{c.name}</span> },
      { key: 'parent', label: 'Categoría padre', render: (c) => c.parentName ?? '—' },
      { key: 'station', label: 'Estación', render: (c) => STATIONS[c.station] ?? c.station },
      ...stateColumns('Activa', 'Inactiva', 'Bloqueada'),
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar categoría' : mode === 'copy' ? 'Copiar categoría' : 'Nueva categoría'),
    renderForm: ({ values, errors, mode }) => (
      <>
        <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={80} />
        <SelectField label="Categoría padre" name="parentId" defaultValue={values?.parentId ?? ''} error={errors.parentId}>
          <option value="">(ninguna)</option>
          {all
            .filter((c) => mode !== 'edit' || c._id !== values?._id)
            .map((c) => (
              <option key={c._id} value={c._id}>
                {c.parentName ? `${c.parentName} › ${c.name}` : c.name}
              </option>
            ))}
        </SelectField>
        <SelectField label="Estación" name="station" defaultValue={values?.station ?? 'cocina'} error={errors.station}>
          {Object.entries(STATIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field
          label="Modificadores rápidos"
          name="modifiers"
          defaultValue={values?.modifiers.join(', ') ?? ''}
          error={errors.modifiers}
          placeholder={values && values.modifiers.length === 0 ? values.quickModifiers.join(', ') : 'sin hielo, sin azúcar'}
          hint="Separados por comas; el mesero los marca con un toque. Vacío: los de la estación (cocina o bar)."
        />
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
      </>
    ),
    toBody: (form) => ({
      name: String(form.get('name') ?? ''),
      parentId: form.get('parentId') ? Number(form.get('parentId')) : null,
      active: form.get('active') === 'true',
      station: String(form.get('station') ?? 'cocina'),
      modifiers: String(form.get('modifiers') ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    }),
  };
  return <ListScreen config={config} data={list} />;
}
