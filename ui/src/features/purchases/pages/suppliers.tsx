/** `/admin/compras/listaproveedores`: the company's suppliers (every role registers them; admin and user lock and delete). */
import { useLoaderData, useRouteLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import type { ListPage, SupplierView } from '../../../lib/api-types';
import type { RootData } from '../../../lib/root-data';

const ID_TYPES: Record<string, string> = {
  ruc: 'RUC',
  cedula: 'Cédula',
  pasaporte: 'Pasaporte',
  exterior: 'Del exterior',
};

const badge = (on: boolean, yes: string, no: string) => (
  <span className={`rounded-full px-2 py-0.5 text-xs ${on ? 'bg-primary-100 text-primary-800' : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300'}`}>{on ? yes : no}</span>
);

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export default function SuppliersPage() {
  const { list } = useLoaderData() as ListPage<SupplierView>;
  const root = useRouteLoaderData('root') as RootData | undefined;
  const manager = root?.user?.role === 'admin' || root?.user?.role === 'user';
  const config: ListConfig<SupplierView> = {
    base: '/api/purchases/supplier',
    title: 'Proveedores',
    description: 'A quién compra la mercadería y los gastos. El plazo de crédito fija el vencimiento de las cuentas por pagar.',
    newLabel: 'Nuevo proveedor',
    emptyText: 'No hay proveedores que coincidan. Registre uno con «Nuevo proveedor».',
    onlyActiveLabel: 'Solo activos',
    canLock: manager,
    canDelete: manager,
    columns: [
      { key: 'identification', label: 'Identificación', sortable: true, render: (s) => <span className="font-mono text-sm">{s.identification}</span> },
      { key: 'idType', label: 'Tipo', render: (s) => ID_TYPES[s.idType] ?? s.idType },
      { key: 'name', label: 'Nombre', sortable: true, render: (s) => <span className="font-medium">{s.name}</span> },
      { key: 'tradeName', label: 'Nombre comercial', render: (s) => s.tradeName ?? '—' },
      { key: 'contact', label: 'Contacto', render: (s) => [s.phone, s.email].filter(Boolean).join(' · ') || '—' },
      { key: 'credit', label: 'Crédito', render: (s) => (s.creditDays > 0 ? `${s.creditDays} días` : 'Contado') },
      { key: 'active', label: 'Estado', sortable: true, render: (s) => badge(s.active, 'Activo', 'Inactivo') },
      { key: 'locked', label: 'Bloqueo', render: (s) => (s.locked ? badge(false, '', 'Bloqueado') : null) },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar proveedor' : mode === 'copy' ? 'Copiar proveedor' : 'Nuevo proveedor'),
    modalSize: 'lg',
    renderForm: ({ values, errors }) => (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField label="Tipo de identificación" name="idType" defaultValue={values?.idType ?? 'ruc'} error={errors.idType}>
          {Object.entries(ID_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label="Identificación" name="identification" required defaultValue={values?.identification ?? ''} error={errors.identification} maxLength={20} autoComplete="off" />
        <div className="sm:col-span-2">
          <Field label="Razón social" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={300} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Nombre comercial" name="tradeName" defaultValue={values?.tradeName ?? ''} error={errors.tradeName} maxLength={300} />
        </div>
        <Field label="Correo electrónico" name="email" defaultValue={values?.email ?? ''} error={errors.email} maxLength={300} />
        <Field label="Teléfono" name="phone" defaultValue={values?.phone ?? ''} error={errors.phone} maxLength={30} />
        <Field label="Plazo de crédito (días)" name="creditDays" inputMode="numeric" defaultValue={String(values?.creditDays ?? 0)} error={errors.creditDays} />
        <div className="self-end pb-4">
          <CheckboxField label="Activo" name="active" defaultChecked={values?.active ?? true} />
        </div>
      </div>
    ),
    toBody: (form) => ({
      idType: text(form, 'idType'),
      identification: text(form, 'identification'),
      name: text(form, 'name'),
      tradeName: text(form, 'tradeName') || null,
      email: text(form, 'email') || null,
      phone: text(form, 'phone') || null,
      creditDays: text(form, 'creditDays') || '0',
      active: form.get('active') === 'true',
    }),
  };
  return <ListScreen config={config} data={list} />;
}
