/** The table of shifts shared by 'Mis turnos', 'Confirmar cierre' and 'Historial de turnos'. */
import type { ReactNode } from 'react';
import { UrlPagination } from '../../components/data-list/pagination';
import type { Page, TurnView } from '../../lib/api-types';
import { formatDateTime, formatMoney } from '../../lib/format';
import { stateLabels } from './labels';

const money = (value: string | null) => (value === null ? '—' : formatMoney(value));

export function TurnsTable({
  list,
  actions,
  confirmation = false,
}: {
  list: Page<TurnView>;
  actions?: (t: TurnView) => ReactNode;
  /** Adds who-confirmed columns: when and with which note (the owner's history). */
  confirmation?: boolean;
}) {
  if (list.results.length === 0) return <p className="card">No hay turnos que mostrar.</p>;
  return (
    <div className="space-y-2">
      <table className="w-full text-sm" data-testid="turns">
        <thead>
          <tr className="text-left">
            <th>Turno</th>
            <th>Caja</th>
            <th>Cajero</th>
            <th>Apertura</th>
            <th>Estado</th>
            <th className="text-right">Esperado</th>
            <th className="text-right">Contado</th>
            <th className="text-right">Diferencia</th>
            {confirmation && <th>Confirmación</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {list.results.map((t) => (
            <tr key={t._id} className="border-t border-gray-200 align-top dark:border-gray-700">
              <td className="py-1">{`#${t._id}`}</td>
              <td>{t.cashRegisterName}</td>
              <td>{t.userName}</td>
              <td>{formatDateTime(t.openedAt)}</td>
              <td>
                {stateLabels[t.state] ?? t.state}
                {t.refusedWithdrawalCount > 0 && (
                  <span className="block text-xs text-red-700 dark:text-red-300" data-testid="refused-withdrawals">
                    {t.refusedWithdrawalCount === 1 ? '1 retiro rechazado' : `${t.refusedWithdrawalCount} retiros rechazados`}
                  </span>
                )}
              </td>
              <td className="text-right">{money(t.expected)}</td>
              <td className="text-right">{money(t.counted)}</td>
              <td className="text-right">{money(t.difference)}</td>
              {confirmation && (
                <td>
                  {t.confirmedAt ? formatDateTime(t.confirmedAt) : '—'}
                  {t.confirmNote && <span className="block text-xs text-gray-600 dark:text-gray-300">{t.confirmNote}</span>}
                </td>
              )}
              <td className="space-x-2 text-right">
                <a className="underline" href={`/admin/caja/turno/${t._id}/ticketArqueo`} target="_blank" rel="noreferrer">
                  Arqueo
                </a>
                {actions?.(t)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <UrlPagination list={list} />
    </div>
  );
}
