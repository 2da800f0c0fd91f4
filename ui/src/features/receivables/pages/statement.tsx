/** `/admin/cxc/estadoCuenta`: a client's statement over a date range; print it or send it by e-mail. */
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { StatementFilters } from '../../../components/data-list/get-filters';
import { ApiError, apiPost } from '../../../lib/api';
import type { StatementEmailBody, StatementPage } from '../../../lib/api-types';
import { toast } from '../../../lib/toast';
import { ClientStatementTable } from '../statement-table';

export default function Statement() {
  const { clients, statement } = useLoaderData() as StatementPage;
  const [error, setError] = useState('');
  const email = async () => {
    if (!statement) return;
    try {
      const r = await apiPost<{ message: string }>(
        '/api/cxc/statement/email',
        { clientId: statement.client._id, from: statement.from, to: statement.to } satisfies StatementEmailBody,
        { quiet: true },
      );
      toast({ title: r.message, color: 'success' });
      setError('');
    } catch (e) {
      setError(e instanceof ApiError ? e.body.message : String(e));
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Estado de cuenta</h1>
      <StatementFilters testId="statement-form" label="Cliente" name="clientId" parties={clients} choose="Elija un cliente" from={statement?.from} to={statement?.to} />
      {statement && (
        <section className="card space-y-3">
          <h2 className="font-semibold">{`${statement.client.name} · ${statement.client.identification}`}</h2>
          <ClientStatementTable statement={statement} />
          <p className="flex flex-wrap gap-3">
            <a className="btn" href={`/tickets/cxc/${statement.client._id}/estado_de_cuenta?from=${statement.from}&to=${statement.to}`} data-testid="statement-print">
              Imprimir
            </a>
            <button type="button" className="btn" onClick={email} disabled={!statement.client.email}>
              {statement.client.email ? `Enviar a ${statement.client.email}` : 'Sin correo electrónico'}
            </button>
          </p>
          {error && <p className="text-sm text-red-700">{error}</p>}
        </section>
      )}
    </div>
  );
}
