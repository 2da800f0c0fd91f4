/**
 * `/admin/configAdmin/empresa`: the company's tax data (what every SRI document carries), its logo,
 * and its branch offices with their emission points.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import { Icon } from '../../../components/icons';
import { IMAGE_MAX_KB, ImageUpload } from '../../../components/image-upload';
import { ApiError, apiPost } from '../../../lib/api';
import type { BranchOfficeDetailView, CompanyDetailView, CompanyPage } from '../../../lib/api-types';
import { toast } from '../../../lib/toast';

type Company = CompanyDetailView;
type Branch = BranchOfficeDetailView;

function CompanyForm({ company }: { company: Company }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [isRet, setIsRet] = useState(company.isRet);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setErrors({});
    try {
      await apiPost(
        '/api/company/update',
        {
          ruc: text('ruc'),
          businessName: text('businessName'),
          tradeName: text('tradeName') || null,
          mainAddress: text('mainAddress'),
          typeRegimen: text('typeRegimen'),
          accountingRequired: form.get('accountingRequired') === 'true',
          specialTaxpayer: text('specialTaxpayer') || null,
          isRet: form.get('isRet') === 'true',
          retentionAgentResolution: text('retentionAgentResolution') || null,
          sriEnvironment: text('sriEnvironment'),
          allowNegativeStock: form.get('allowNegativeStock') === 'true',
          cashierMaxDiscount: text('cashierMaxDiscount'),
          timeZone: text('timeZone'),
        },
        { quiet: true },
      );
      toast({ title: 'Datos de la empresa guardados', color: 'success' });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="card space-y-4" noValidate data-testid="company-form">
      <h2 className="text-lg font-semibold">Datos tributarios</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="RUC" name="ruc" required defaultValue={company.ruc} error={errors.ruc} inputMode="numeric" maxLength={13} />
        <Field label="Razón social" name="businessName" required defaultValue={company.businessName} error={errors.businessName} />
        <Field label="Nombre comercial" name="tradeName" defaultValue={company.tradeName ?? ''} error={errors.tradeName} />
        <Field label="Dirección matriz" name="mainAddress" required defaultValue={company.mainAddress} error={errors.mainAddress} />
        <SelectField label="Régimen" name="typeRegimen" defaultValue={company.typeRegimen} error={errors.typeRegimen}>
          <option value="1">General</option>
          <option value="2">RIMPE emprendedor</option>
          <option value="3">RIMPE negocio popular (no cobra IVA)</option>
        </SelectField>
        <SelectField label="Ambiente del SRI" name="sriEnvironment" defaultValue={company.sriEnvironment} error={errors.sriEnvironment}>
          <option value="pruebas">Pruebas</option>
          <option value="produccion">Producción</option>
        </SelectField>
        <SelectField label="Zona horaria" name="timeZone" defaultValue={company.timeZone} error={errors.timeZone}>
          <option value="America/Guayaquil">Ecuador continental (UTC−5)</option>
          <option value="Pacific/Galapagos">Galápagos (UTC−6)</option>
          {!['America/Guayaquil', 'Pacific/Galapagos'].includes(company.timeZone) && <option value={company.timeZone}>{company.timeZone}</option>}
        </SelectField>
        <Field
          label="Contribuyente especial (número de resolución)"
          name="specialTaxpayer"
          defaultValue={company.specialTaxpayer ?? ''}
          error={errors.specialTaxpayer}
          hint="Déjelo vacío si no lo es."
        />
        <Field
          label="Descuento máximo del cajero (%)"
          name="cashierMaxDiscount"
          defaultValue={company.cashierMaxDiscount}
          error={errors.cashierMaxDiscount}
          hint="Lo más que un cajero puede descontar a mano en cada línea y en toda la venta; 0 = ningún descuento. Las promociones se aplican igual."
          inputMode="decimal"
          maxLength={6}
        />
        <div className="space-y-2 pt-6">
          <CheckboxField label="Obligado a llevar contabilidad" name="accountingRequired" defaultChecked={company.accountingRequired} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isRet" value="true" checked={isRet} onChange={(e) => setIsRet(e.target.checked)} className="h-4 w-4 accent-primary-600" />
            Agente de retención
          </label>
          <CheckboxField label="Permitir stock negativo (vender sin existencias)" name="allowNegativeStock" defaultChecked={company.allowNegativeStock} />
        </div>
        {isRet && (
          <Field
            label="Resolución de agente de retención"
            name="retentionAgentResolution"
            defaultValue={company.retentionAgentResolution ?? ''}
            error={errors.retentionAgentResolution}
            hint="Solo el número de la resolución (hasta 8 dígitos), como aparece en los comprobantes."
            inputMode="numeric"
            maxLength={8}
          />
        )}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar datos'}
        </button>
      </div>
    </form>
  );
}

function LogoCard({ company }: { company: Company }) {
  const revalidator = useRevalidator();
  return (
    <div className="card space-y-3" data-testid="logo-form">
      <h2 className="text-lg font-semibold">Logo</h2>
      <ImageUpload
        title="Logo"
        saved="Logo actualizado"
        removed="Logo eliminado"
        src={company.hasLogo ? `/api/company/logo?v=${company.logoVersion}` : null}
        uploadUrl="/api/company/logo"
        deleteUrl="/api/company/logo/delete"
        field="logo"
        alt="Logo de la empresa"
        hint={`PNG o JPEG, hasta ${IMAGE_MAX_KB} KB. Aparece en los documentos impresos.`}
        onChanged={() => revalidator.revalidate()}
      />
    </div>
  );
}

function EmissionPoints({ initial, error }: { initial: { code: string; name: string }[]; error?: string }) {
  const [rows, setRows] = useState(initial.length > 0 ? initial : [{ code: '001', name: '' }]);
  const add = () => {
    const next = String(Math.max(0, ...rows.map((r) => Number(r.code) || 0)) + 1).padStart(3, '0');
    setRows([...rows, { code: next, name: '' }]);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="label">Puntos de emisión</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex items-center gap-2">
          <input name="pointCode" defaultValue={row.code} className="input w-24" aria-label={`Código del punto ${i + 1}`} maxLength={3} inputMode="numeric" />
          <input name="pointName" defaultValue={row.name} className="input flex-1" aria-label={`Nombre del punto ${i + 1}`} placeholder="Caja 1" />
          <button type="button" className="btn-ghost rounded" onClick={() => setRows(rows.filter((_, j) => j !== i))} aria-label={`Quitar punto ${i + 1}`} disabled={rows.length === 1}>
            <Icon name="trash" className="h-4 w-4" />
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-secondary py-1" onClick={add}>
        <Icon name="plus" className="h-4 w-4" /> Agregar punto
      </button>
      {error && (
        <p className="text-sm text-red-700" data-field-error="emissionPoints">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export default function CompanyPage() {
  const { company, branches } = useLoaderData() as CompanyPage;
  const config: ListConfig<Branch> = {
    base: '/api/company/branchOffice',
    title: 'Sucursales',
    description: 'Cada sucursal es un establecimiento del SRI, con sus puntos de emisión.',
    newLabel: 'Nueva sucursal',
    emptyText: 'No hay sucursales.',
    onlyActiveLabel: 'Solo activas',
    columns: [
      { key: 'code', label: 'Código', sortable: true, render: (b) => <span className="font-mono">{b.code}</span> },
      { key: 'name', label: 'Nombre', sortable: true, render: (b) => b.name },
      { key: 'address', label: 'Dirección', render: (b) => b.address },
      { key: 'points', label: 'Puntos de emisión', render: (b) => b.emissionPoints.filter((p) => p.active).map((p) => p.code).join(', ') },
      { key: 'active', label: 'Estado', render: (b) => (b.active ? 'Activa' : 'Inactiva') },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar sucursal' : 'Nueva sucursal'),
    modalSize: 'lg',
    renderForm: ({ values, errors, mode }) => (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Código de establecimiento" name="code" required maxLength={3} inputMode="numeric" defaultValue={mode === 'edit' ? values?.code : ''} error={errors.code} placeholder="002" />
          <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} />
          <Field label="Dirección" name="address" required defaultValue={values?.address ?? ''} error={errors.address} />
          <Field label="Teléfono" name="phone" defaultValue={values?.phone ?? ''} error={errors.phone} />
        </div>
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
        <EmissionPoints initial={(values?.emissionPoints ?? []).filter((p) => p.active)} error={errors.emissionPoints} />
      </>
    ),
    toBody: (form) => {
      const names = form.getAll('pointName').map(String);
      return {
        code: String(form.get('code') ?? ''),
        name: String(form.get('name') ?? ''),
        address: String(form.get('address') ?? ''),
        phone: String(form.get('phone') ?? '') || null,
        active: form.get('active') === 'true',
        emissionPoints: form.getAll('pointCode').map((code, i) => ({ code: String(code), name: names[i] ?? '' })),
      };
    },
  };
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Empresa</h1>
      <CompanyForm company={company} />
      <LogoCard company={company} />
      <ListScreen config={config} data={branches} />
    </div>
  );
}
