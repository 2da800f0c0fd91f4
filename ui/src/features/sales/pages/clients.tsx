/** `/admin/ventas/listaclientes`: the company's clients (every role registers them; admin and user lock and delete). */
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { CreditDaysAndActive, IdentificationFields, formText, partyBody, partyColumns, useIsManager } from '../../../components/data-list/party';
import { Field } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import type { ClientView, ListPage } from '../../../lib/api-types';

const ID_TYPES: Record<string, string> = {
  cedula: 'Cédula',
  ruc: 'RUC',
  pasaporte: 'Pasaporte',
  exterior: 'Del exterior',
  consumidorFinal: 'Consumidor final',
};

const PRICE_LEVELS: Record<number, string> = { 1: 'Precio normal', 2: 'Mayorista', 3: 'Distribuidor' };

export default function ClientsPage() {
  const { list } = useLoaderData() as ListPage<ClientView>;
  const manager = useIsManager();
  const config: ListConfig<ClientView> = {
    base: '/api/clients',
    title: 'Clientes',
    description: 'Compradores de sus ventas y cotizaciones. El consumidor final existe siempre y no se modifica.',
    newLabel: 'Nuevo cliente',
    emptyText: 'No hay clientes que coincidan. Registre uno con «Nuevo cliente».',
    onlyActiveLabel: 'Solo activos',
    canLock: manager,
    canDelete: manager,
    columns: partyColumns<ClientView>(ID_TYPES, [], (c) => (c.creditDays > 0 ? `$${c.creditLimit} a ${c.creditDays} días` : '—')),
    formTitle: (mode) => (mode === 'edit' ? 'Editar cliente' : mode === 'copy' ? 'Copiar cliente' : 'Nuevo cliente'),
    modalSize: 'lg',
    renderForm: ({ values, errors }) => (
      <div className="grid gap-x-4 sm:grid-cols-2">
        {/* The consumidor final is the server's own client: never typed. */}
        <IdentificationFields
          idTypes={Object.entries(ID_TYPES).filter(([value]) => value !== 'consumidorFinal')}
          idType={values?.idType && values.idType !== 'consumidorFinal' ? values.idType : 'cedula'}
          identification={values?.identification ?? ''}
          errors={errors}
        />
        <div className="sm:col-span-2">
          <Field label="Nombre o razón social" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={300} />
        </div>
        <Field label="Correo electrónico" name="email" hint="Varios, separados por comas" defaultValue={values?.email ?? ''} error={errors.email} maxLength={300} />
        <Field label="Teléfono" name="phone" defaultValue={values?.phone ?? ''} error={errors.phone} maxLength={30} />
        <div className="sm:col-span-2">
          <Field label="Dirección" name="address" defaultValue={values?.address ?? ''} error={errors.address} maxLength={300} />
        </div>
        <SelectField label="Nivel de precio" name="priceLevel" defaultValue={String(values?.priceLevel ?? 1)} error={errors.priceLevel}>
          <Options items={Object.entries(PRICE_LEVELS)} value={([value]) => value} label={([, label]) => label} />
        </SelectField>
        <Field label="Cupo de crédito (USD)" name="creditLimit" inputMode="decimal" defaultValue={values?.creditLimit ?? '0.00'} error={errors.creditLimit} />
        <CreditDaysAndActive creditDays={values?.creditDays ?? 0} active={values?.active ?? true} errors={errors} />
      </div>
    ),
    toBody: (form) => ({
      ...partyBody(form),
      address: formText(form, 'address') || null,
      priceLevel: Number(formText(form, 'priceLevel') || 1),
      creditLimit: formText(form, 'creditLimit') || '0',
    }),
  };
  return <ListScreen config={config} data={list} />;
}
