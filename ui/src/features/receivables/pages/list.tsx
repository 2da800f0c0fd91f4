/** `/admin/cxc/listaCxC`: receivables with client, document, dates, amount, paid, balance and status. */
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import type { ReceivablesPage } from '../../../lib/api-types';
import { formatDate, formatMoney } from '../../../lib/format';
import { statusLabels } from '../labels';

export default function ReceivablesList() {
  const { list } = useLoaderData() as ReceivablesPage;
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cuentas por cobrar</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3" data-testid="cxc-filters">
        <label className="flex flex-col text-sm">
          <span className="label">Buscar</span>
          <input className="input" name="search" defaultValue={params.get('search') ?? ''} placeholder="Cliente o documento" />
        </label>
        <label className="flex flex-col text-sm">
          <span className="label">Estado</span>
          <select className="input" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Todos</option>
            {Object.entries(statusLabels).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="overdue" value="true" defaultChecked={params.get('overdue') === 'true'} /> Solo vencidas
        </label>
        {params.get('clientId') && <input type="hidden" name="clientId" value={params.get('clientId') ?? ''} />}
        <button type="submit" className="btn">
          Filtrar
        </button>
      </Form>
      {list.results.length === 0 ? (
        <p className="card">No hay cuentas por cobrar con estos filtros.</p>
      ) : (
        <table className="w-full text-sm" data-testid="cxc-list">
          <thead>
            <tr className="text-left">
              <th>Cliente</th>
              <th>Documento</th>
              <th>Emisión</th>
              <th>Vence</th>
              <th className="text-right">Monto</th>
              <th className="text-right">Pagado</th>
              <th className="text-right">Saldo</th>
              <th>Estado</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.results.map((r) => (
              <tr key={r._id} className="border-t border-gray-200 dark:border-gray-700">
                <td className="py-1">{r.clientName}</td>
                <td>{r.document}</td>
                <td>{formatDate(r.issueDate)}</td>
                <td>{formatDate(r.dueDate)}</td>
                <td className="text-right">{formatMoney(r.amount)}</td>
                <td className="text-right">{formatMoney(r.paid)}</td>
                <td className="text-right font-medium">{formatMoney(r.balance)}</td>
                <td>{`${statusLabels[r.status] ?? r.status}${r.daysOverdue > 0 ? ` (${r.daysOverdue} d)` : ''}`}</td>
                <td className="space-x-2 text-right">
                  <Link className="link" to={`/admin/cxc/${r._id}/pagos`}>
                    Pagos
                  </Link>
                  {r.status !== 'pagada' && (
                    <Link className="link" to={`/admin/cxc/cobrarCxC?clientId=${r.clientId}`}>
                      Cobrar
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="flex items-center gap-3 text-sm">
        {`${list.total} cuentas · página ${list.page} de ${pages}`}
        {list.page > 1 && <Link to={pageLink(list.page - 1)}>Anterior</Link>}
        {list.page < pages && <Link to={pageLink(list.page + 1)}>Siguiente</Link>}
      </p>
    </div>
  );
}
