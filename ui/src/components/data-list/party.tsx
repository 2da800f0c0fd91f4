/**
 * What the lists of the company's parties — its clients and its suppliers — have in common: who may
 * lock and delete them, the identification and contact columns, the state badges, and the fields
 * and body both forms share. Each page adds only what is its own (a trade name, a price level).
 */
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../lib/root-data';
import { Field } from '../form';
import { CheckboxField, Options, SelectField } from '../form-fields';
import type { Column, Row } from './list-screen';

/** Whether the signed-in user manages records (admin and user): locks, deletes, cancels. */
export function useIsManager(): boolean {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return root?.user?.role === 'admin' || root?.user?.role === 'user';
}

/** A green badge when `on`, a grey one otherwise. */
export const badge = (on: boolean, yes: string, no: string) => (
  <span className={`rounded-full px-2 py-0.5 text-xs ${on ? 'bg-primary-100 text-primary-800' : 'bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300'}`}>{on ? yes : no}</span>
);

/** A field of a submitted form, trimmed (empty when absent). */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The «Estado» (active or not) and «Bloqueo» columns, in the record's gender: «Activo», «Activa». */
export function stateColumns<T extends Row & { active: boolean }>(active: string, inactive: string, locked: string): Column<T>[] {
  return [
    { key: 'active', label: 'Estado', sortable: true, render: (r) => badge(r.active, active, inactive) },
    { key: 'locked', label: 'Bloqueo', render: (r) => (r.locked ? badge(false, '', locked) : null) },
  ];
}

/** A client or a supplier, as the list shows it. */
interface Party extends Row {
  identification: string;
  idType: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  creditDays: number;
  active: boolean;
}

/**
 * The columns of a party list around its own ones (`middle`, after the name; `credit`, the credit
 * column's text): identification, its type, name, contact, credit, state and lock.
 */
export function partyColumns<T extends Party>(idTypes: Record<string, string>, middle: Column<T>[], credit: (p: T) => string): Column<T>[] {
  return [
    { key: 'identification', label: 'Identificación', sortable: true, render: (p) => <span className="font-mono text-sm">{p.identification}</span> },
    { key: 'idType', label: 'Tipo', render: (p) => idTypes[p.idType] ?? p.idType },
    { key: 'name', label: 'Nombre', sortable: true, render: (p) => <span className="font-medium">{p.name}</span> },
    ...middle,
    { key: 'contact', label: 'Contacto', render: (p) => [p.phone, p.email].filter(Boolean).join(' · ') || '—' },
    { key: 'credit', label: 'Crédito', render: credit },
    ...stateColumns<T>('Activo', 'Inactivo', 'Bloqueado'),
  ];
}

/** The identification of a party: its type (of `idTypes`) and its number. */
export function IdentificationFields({ idTypes, idType, identification, errors }: { idTypes: [string, string][]; idType: string; identification: string; errors: Record<string, string> }) {
  return (
    <>
      <SelectField label="Tipo de identificación" name="idType" defaultValue={idType} error={errors.idType}>
        <Options items={idTypes} value={([value]) => value} label={([, label]) => label} />
      </SelectField>
      <Field label="Identificación" name="identification" required defaultValue={identification} error={errors.identification} maxLength={20} autoComplete="off" />
    </>
  );
}

/** The credit term and the active flag, the last row of a party form. */
export function CreditDaysAndActive({ creditDays, active, errors }: { creditDays: number; active: boolean; errors: Record<string, string> }) {
  return (
    <>
      <Field label="Plazo de crédito (días)" name="creditDays" inputMode="numeric" defaultValue={String(creditDays)} error={errors.creditDays} />
      <div className="self-end pb-4">
        <CheckboxField label="Activo" name="active" defaultChecked={active} />
      </div>
    </>
  );
}

/** The body fields every party form sends; a page adds its own. */
export function partyBody(form: FormData) {
  return {
    idType: formText(form, 'idType'),
    identification: formText(form, 'identification'),
    name: formText(form, 'name'),
    email: formText(form, 'email') || null,
    phone: formText(form, 'phone') || null,
    creditDays: formText(form, 'creditDays') || '0',
    active: form.get('active') === 'true',
  };
}
