/** `/admin/caja/listacaja`: the cash registers of the selected branch (administrators). */
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField } from '../../../components/form-fields';
import type { CashRegisterView, ListPage } from '../../../lib/api-types';

export default function CashRegisters() {
  const { list } = useLoaderData() as ListPage<CashRegisterView>;
  const config: ListConfig<CashRegisterView> = {
    base: '/api/cashRegister',
    title: 'Cajas',
    description: 'Las cajas de la sucursal seleccionada; cada una admite un turno abierto a la vez.',
    newLabel: 'Nueva caja',
    emptyText: 'La sucursal todavía no tiene cajas. Cree la primera con «Nueva caja».',
    onlyActiveLabel: 'Solo activas',
    columns: [
      { key: 'code', label: 'Código', sortable: true, render: (r) => r.code },
      { key: 'name', label: 'Nombre', sortable: true, render: (r) => <span className="font-medium">{r.name}</span> },
      { key: 'active', label: 'Estado', sortable: true, render: (r) => (r.active ? 'Activa' : 'Inactiva') },
      { key: 'locked', label: 'Bloqueo', render: (r) => (r.locked ? 'Bloqueada' : '') },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar caja' : mode === 'copy' ? 'Copiar caja' : 'Nueva caja'),
    renderForm: ({ values, errors }) => (
      <>
        <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={60} />
        <Field label="Código" name="code" required defaultValue={values?.code ?? ''} error={errors.code} maxLength={20} />
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
      </>
    ),
    toBody: (form) => ({
      name: String(form.get('name') ?? ''),
      code: String(form.get('code') ?? ''),
      active: form.get('active') === 'true',
    }),
  };
  return <ListScreen config={config} data={list} />;
}
