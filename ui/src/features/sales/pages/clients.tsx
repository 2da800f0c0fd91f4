/** `/admin/ventas/listaclientes`: the company's clients (every role registers them; admin and user lock and delete). */
import { useLoaderData, useRouteLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import type { ClientView, ListPage } from '../../../lib/api-types';
import type { RootData } from '../../../lib/root-data';

const ID_TYPES: Record<string, string> = {
  cedula: 'Cédula',
  ruc: 'RUC',
  pasaporte: 'Pasaporte',
  exterior: 'Del exterior',
  consumidorFinal: 'Consumidor final',
};

const PRICE_LEVELS: Record<number, string> = { 1: 'Precio normal', 2: 'Mayorista', 3: 'Distribuidor' };

const badge = (on: boolean, yes: string, no: string) => (
  <span className={`rounded-full px-2 py-0.5 text-xs ${on ? 'bg-primary-100 text-primary-800' : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300'}`}>{on ? yes : no}</span>
);

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export default function ClientsPage() {
  const { list } = useLoaderData() as ListPage<ClientView>;
  const root = useRouteLoaderData('root') as RootData | undefined;
  const manager = root?.user?.role === 'admin' || root?.user?.role === 'user';
  const config: ListConfig<ClientView> = {
    base: '/api/clients',
    title: 'Clientes',
    description: 'Compradores de sus ventas y cotizaciones. El consumidor final existe siempre y no se modifica.',
    newLabel: 'Nuevo cliente',
    emptyText: 'No hay clientes que coincidan. Registre uno con «Nuevo cliente».',
    onlyActiveLabel: 'Solo activos',
    canLock: manager,
    canDelete: manager,
    columns: [
      { key: 'identification', label: 'Identificación', sortable: true, render: (c) => <span className="font-mono text-sm">{c.identification}</span> },
      { key: 'idType', label: 'Tipo', render: (c) => ID_TYPES[c.idType] ?? c.idType },
      { key: 'name', label: 'Nombre', sortable: true, render: (c) => <span className="font-medium">{c.name}</span> },
      { key: 'contact', label: 'Contacto', render: (c) => [c.phone, c.email].filter(Boolean).join(' · ') || '—' },
      { key: 'credit', label: 'Crédito', render: (c) => (c.creditDays > 0 ? `$${c.creditLimit} a ${c.creditDays} días` : '—') },
      { key: 'active', label: 'Estado', sortable: true, render: (c) => badge(c.active, 'Activo', 'Inactivo') },
      { key: 'locked', label: 'Bloqueo', render: (c) => (c.locked ? badge(false, '', 'Bloqueado') : null) },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar cliente' : mode === 'copy' ? 'Copiar cliente' : 'Nuevo cliente'),
    modalSize: 'lg',
    renderForm: ({ values, errors }) => (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField label="Tipo de identificación" name="idType" defaultValue={values?.idType && values.idType !== 'consumidorFinal' ? values.idType : 'cedula'} error={errors.idType}>
          {Object.entries(ID_TYPES)
            .filter(([value]) => value !== 'consumidorFinal')
            .map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
        </SelectField>
        <Field label="Identificación" name="identification" required defaultValue={values?.identification ?? ''} error={errors.identification} maxLength={20} autoComplete="off" />
        <div className="sm:col-span-2">
          <Field label="Nombre o razón social" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={300} />
        </div>
        <Field label="Correo electrónico" name="email" hint="Varios, separados por comas" defaultValue={values?.email ?? ''} error={errors.email} maxLength={300} />
        <Field label="Teléfono" name="phone" defaultValue={values?.phone ?? ''} error={errors.phone} maxLength={30} />
        <div className="sm:col-span-2">
          <Field label="Dirección" name="address" defaultValue={values?.address ?? ''} error={errors.address} maxLength={300} />
        </div>
        <SelectField label="Nivel de precio" name="priceLevel" defaultValue={String(values?.priceLevel ?? 1)} error={errors.priceLevel}>
          {Object.entries(PRICE_LEVELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label="Cupo de crédito (USD)" name="creditLimit" inputMode="decimal" defaultValue={values?.creditLimit ?? '0.00'} error={errors.creditLimit} />
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
      email: text(form, 'email') || null,
      phone: text(form, 'phone') || null,
      address: text(form, 'address') || null,
      priceLevel: Number(text(form, 'priceLevel') || 1),
      creditLimit: text(form, 'creditLimit') || '0',
      creditDays: text(form, 'creditDays') || '0',
      active: form.get('active') === 'true',
    }),
  };
  return <ListScreen config={config} data={list} />;
}
