/** `/admin/inventario/bodegas`: the warehouses of the selected branch. */
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField } from '../../../components/form-fields';
import type { CellarsPage, CellarView } from '../../../lib/api-types';

export default function Cellars() {
  const { list } = useLoaderData() as CellarsPage;
  const config: ListConfig<CellarView> = {
    base: '/api/inventory/cellar',
    title: 'Bodegas',
    description: 'Bodegas de la sucursal seleccionada. La bodega principal se crea con la sucursal.',
    newLabel: 'Nueva bodega',
    emptyText: 'La sucursal todavía no tiene bodegas.',
    onlyActiveLabel: 'Solo activas',
    columns: [
      { key: 'name', label: 'Nombre', sortable: true, render: (c) => <span className="font-medium">{c.name}</span> },
      { key: 'default', label: 'Principal', render: (c) => (c.isDefault ? 'Sí' : '') },
      { key: 'active', label: 'Estado', sortable: true, render: (c) => (c.active ? 'Activa' : 'Inactiva') },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar bodega' : 'Nueva bodega'),
    renderForm: ({ values, errors }) => (
      <>
        <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={80} />
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
      </>
    ),
    toBody: (form) => ({ name: String(form.get('name') ?? ''), active: form.get('active') === 'true' }),
    canCopy: false,
  };
  return <ListScreen config={config} data={list} />;
}
