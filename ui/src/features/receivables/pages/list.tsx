/** `/admin/cxc/listaCxC`: receivables with client, document, dates, amount, paid, balance and status. */
import { Form, Link, useLoaderData, useSearchParams } from 'react-router';
import { RecordTable } from '../../../components/record-table';
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
        <RecordTable
          rows={list.results}
          testId="cxc-list"
          rowKey={(r) => r._id}
          columns={[
            { header: 'Cliente', className: 'py-1', cell: (r) => r.clientName },
            { header: 'Documento', cell: (r) => r.document },
            { header: 'Emisión', cell: (r) => formatDate(r.issueDate) },
            { header: 'Vence', cell: (r) => formatDate(r.dueDate) },
            { header: 'Monto', numeric: true, cell: (r) => formatMoney(r.amount) },
            { header: 'Pagado', numeric: true, cell: (r) => formatMoney(r.paid) },
            { header: 'Saldo', numeric: true, className: 'font-medium', cell: (r) => formatMoney(r.balance) },
            { header: 'Estado', cell: (r) => `${statusLabels[r.status] ?? r.status}${r.daysOverdue > 0 ? ` (${r.daysOverdue} d)` : ''}` },
            {
              className: 'space-x-2 text-right',
              cell: (r) => (
                <>
                  <Link className="link" to={`/admin/cxc/${r._id}/pagos`}>
                    Pagos
                  </Link>
                  {r.status !== 'pagada' && (
                    <Link className="link" to={`/admin/cxc/cobrarCxC?clientId=${r.clientId}`}>
                      Cobrar
                    </Link>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      <p className="flex items-center gap-3 text-sm">
        {`${list.total} cuentas · página ${list.page} de ${pages}`}
        {list.page > 1 && <Link to={pageLink(list.page - 1)}>Anterior</Link>}
        {list.page < pages && <Link to={pageLink(list.page + 1)}>Siguiente</Link>}
      </p>
    </div>
  );
}
