/** `/admin/banco/cuentas`: bank accounts with their movements and running balance. */
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { CheckboxField, SelectField } from '../../../components/form-fields';
import { apiGet } from '../../../lib/api';
import type { BankAccountView, BankMovementsView, ListPage } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';

const kindLabels: Record<string, string> = {
  opening: 'Saldo inicial',
  shift_deposit: 'Depósito de turno',
  transfer_in: 'Transferencia recibida',
  transfer_out: 'Transferencia enviada',
  card_settlement: 'Liquidación de tarjetas',
  manual: 'Manual',
  collection: 'Cobro de cuentas por cobrar',
  collection_reversal: 'Anulación de cobro',
};

export default function BankAccounts() {
  const { list } = useLoaderData() as ListPage<BankAccountView>;
  const [shown, setShown] = useState<BankMovementsView | null>(null);
  const config: ListConfig<BankAccountView> = {
    base: '/api/bank',
    title: 'Cuentas bancarias',
    description: 'Cuentas de la empresa; los depósitos de los turnos confirmados llegan aquí.',
    newLabel: 'Nueva cuenta',
    emptyText: 'Todavía no hay cuentas bancarias.',
    onlyActiveLabel: 'Solo activas',
    columns: [
      { key: 'bank', label: 'Banco', sortable: true, render: (a) => <span className="font-medium">{a.bank}</span> },
      { key: 'type', label: 'Tipo', render: (a) => (a.accountType === 'ahorros' ? 'Ahorros' : 'Corriente') },
      { key: 'number', label: 'Número', sortable: true, render: (a) => a.number },
      { key: 'holder', label: 'Titular', sortable: true, render: (a) => a.holder },
      { key: 'opening', label: 'Saldo inicial', render: (a) => formatMoney(a.openingBalance) },
    ],
    extraActions: [
      {
        label: 'Movimientos',
        icon: 'search',
        run: async (a, done) => {
          setShown(await apiGet<BankMovementsView>(`/api/bank/${a._id}/movements`));
          done();
        },
      },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar cuenta' : mode === 'copy' ? 'Copiar cuenta' : 'Nueva cuenta'),
    renderForm: ({ values, errors }) => (
      <>
        <Field label="Banco" name="bank" required defaultValue={values?.bank ?? ''} error={errors.bank} maxLength={80} />
        <SelectField label="Tipo de cuenta" name="accountType" defaultValue={values?.accountType ?? 'corriente'} error={errors.accountType}>
          <option value="corriente">Corriente</option>
          <option value="ahorros">Ahorros</option>
        </SelectField>
        <Field label="Número" name="number" required defaultValue={values?.number ?? ''} error={errors.number} maxLength={30} />
        <Field label="Titular" name="holder" required defaultValue={values?.holder ?? ''} error={errors.holder} maxLength={120} />
        <Field label="Saldo inicial" name="openingBalance" inputMode="decimal" defaultValue={values?.openingBalance ?? '0.00'} error={errors.openingBalance} />
        <CheckboxField label="Activa" name="active" defaultChecked={values?.active ?? true} />
      </>
    ),
    toBody: (form) => ({
      bank: String(form.get('bank') ?? ''),
      accountType: String(form.get('accountType') ?? ''),
      number: String(form.get('number') ?? ''),
      holder: String(form.get('holder') ?? ''),
      openingBalance: String(form.get('openingBalance') ?? ''),
      active: form.get('active') === 'true',
    }),
  };
  return (
    <div className="space-y-4">
      <ListScreen config={config} data={list} />
      {shown && (
        <section className="card" data-testid="bank-movements">
          <h2 className="mb-2 font-semibold">{`${shown.account.bank} ${shown.account.number} · saldo ${formatMoney(shown.balance)}`}</h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Fecha</th>
                <th>Tipo</th>
                <th>Detalle</th>
                <th className="text-right">Monto</th>
                <th className="text-right">Saldo</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="py-1" />
                <td>Saldo inicial</td>
                <td />
                <td />
                <td className="text-right">{formatMoney(shown.account.openingBalance)}</td>
              </tr>
              {shown.movements.map((m) => (
                <tr key={m._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td className="py-1">{formatDateTime(m.createdAt)}</td>
                  <td>{kindLabels[m.type] ?? m.type}</td>
                  <td>{m.description}</td>
                  <td className="text-right">{formatMoney(m.amount)}</td>
                  <td className="text-right">{formatMoney(m.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
