/** `/admin/compras/listaproveedores`: the company's suppliers (every role registers them; admin and user lock and delete). */
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { CreditDaysAndActive, IdentificationFields, formText, partyBody, partyColumns, useIsManager } from '../../../components/data-list/party';
import { Field } from '../../../components/form';
import type { ListPage, SupplierView } from '../../../lib/api-types';

const ID_TYPES: Record<string, string> = {
  ruc: 'RUC',
  cedula: 'Cédula',
  pasaporte: 'Pasaporte',
  exterior: 'Del exterior',
};

export default function SuppliersPage() {
  const { list } = useLoaderData() as ListPage<SupplierView>;
  const manager = useIsManager();
  const config: ListConfig<SupplierView> = {
    base: '/api/purchases/supplier',
    title: 'Proveedores',
    description: 'A quién compra la mercadería y los gastos. El plazo de crédito fija el vencimiento de las cuentas por pagar.',
    newLabel: 'Nuevo proveedor',
    emptyText: 'No hay proveedores que coincidan. Registre uno con «Nuevo proveedor».',
    onlyActiveLabel: 'Solo activos',
    canLock: manager,
    canDelete: manager,
    columns: partyColumns<SupplierView>(ID_TYPES, [{ key: 'tradeName', label: 'Nombre comercial', render: (s) => s.tradeName ?? '—' }], (s) =>
      s.creditDays > 0 ? `${s.creditDays} días` : 'Contado',
    ),
    formTitle: (mode) => (mode === 'edit' ? 'Editar proveedor' : mode === 'copy' ? 'Copiar proveedor' : 'Nuevo proveedor'),
    modalSize: 'lg',
    renderForm: ({ values, errors }) => (
      <div className="grid gap-x-4 sm:grid-cols-2">
        <IdentificationFields idTypes={Object.entries(ID_TYPES)} idType={values?.idType ?? 'ruc'} identification={values?.identification ?? ''} errors={errors} />
        <div className="sm:col-span-2">
          <Field label="Razón social" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={300} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Nombre comercial" name="tradeName" defaultValue={values?.tradeName ?? ''} error={errors.tradeName} maxLength={300} />
        </div>
        <Field label="Correo electrónico" name="email" defaultValue={values?.email ?? ''} error={errors.email} maxLength={300} />
        <Field label="Teléfono" name="phone" defaultValue={values?.phone ?? ''} error={errors.phone} maxLength={30} />
        <CreditDaysAndActive creditDays={values?.creditDays ?? 0} active={values?.active ?? true} errors={errors} />
      </div>
    ),
    toBody: (form) => ({ ...partyBody(form), tradeName: formText(form, 'tradeName') || null }),
  };
  return <ListScreen config={config} data={list} />;
}
