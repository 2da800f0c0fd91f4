/**
 * `/admin/caja/turno/confirmarCierre`: closed shifts of the branch waiting for confirmation; the
 * supervisor confirms with a note and, optionally, the bank account the cash was deposited to.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiPost } from '../../../lib/api';
import type { ConfirmBody, TurnView, TurnsPage } from '../../../lib/api-types';
import { showErrorModal } from '../../../lib/error-modal';
import { toast } from '../../../lib/toast';
import { TurnsTable } from '../turns-table';

function ConfirmAction({ turn, accounts }: { turn: TurnView; accounts: TurnsPage['bankAccounts'] }) {
  const revalidator = useRevalidator();
  const [note, setNote] = useState('');
  const [account, setAccount] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await apiPost(`/api/Turn/${turn._id}/confirmClose`, { note, bankAccountId: account ? Number(account) : null } satisfies ConfirmBody, { quiet: true });
      toast({ title: `Cierre del turno #${turn._id} confirmado`, color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      showErrorModal('Error Api', error instanceof ApiError ? error.body.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <input className="input w-36" placeholder="Nota" aria-label={`Nota del turno ${turn._id}`} value={note} onChange={(e) => setNote(e.target.value)} />
      <select className="input w-40" aria-label={`Cuenta de depósito del turno ${turn._id}`} value={account} onChange={(e) => setAccount(e.target.value)}>
        <option value="">Sin depósito</option>
        {accounts.map((a) => (
          <option key={a._id} value={a._id}>{`${a.bank} ${a.number}`}</option>
        ))}
      </select>
      <button type="button" className="btn btn-primary px-2 py-1" disabled={busy} onClick={() => void confirm()}>
        Confirmar cierre
      </button>
    </span>
  );
}

export default function ConfirmClose() {
  const { list, bankAccounts } = useLoaderData() as TurnsPage;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Confirmar cierre</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">Turnos cerrados de la sucursal que esperan la revisión del supervisor.</p>
      <TurnsTable list={list} actions={(t) => (t.state === 'closed' ? <ConfirmAction turn={t} accounts={bankAccounts} /> : null)} />
    </div>
  );
}
