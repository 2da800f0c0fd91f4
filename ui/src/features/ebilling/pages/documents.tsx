/**
 * `/admin/ebilling`: the branch's electronic documents with their SRI state. Filters by type,
 * state, issue date and client travel in the address (a plain GET form, so they work before the
 * scripts load and survive a reload); each document shows the SRI window's warnings, and opens its
 * SRI messages on demand. Authorized documents offer their XML, their RIDE and «Enviar por correo»
 * (`POST /api/ebilling/documents/{id}/email`); a DEVUELTA / NO AUTORIZADO factura offers «Corregir
 * y reenviar»: a link to its client to fix the data, then `POST /api/ebilling/documents/{id}/resend`
 * (the document rebuilt with the client's and company's current data, same clave).
 */
import { Fragment, useEffect, useState } from 'react';
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { DateRangeFilters, FilterActions, FilterSelect } from '../../../components/data-list/get-filters';
import { Pagination } from '../../../components/data-list/pagination';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { ElectronicDocumentDetailView, ElectronicDocumentView, ElectronicDocumentsPage } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';

const TYPES: [string, string][] = [
  ['factura', 'Factura'],
  ['notaCredito', 'Nota de crédito'],
  ['guiaRemision', 'Guía de remisión'],
];

/** Stored state → the badge's words and colours. */
const STATES: [string, string, string][] = [
  ['signed', 'firmado', 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200'],
  ['sending', 'enviando', 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100'],
  ['received', 'recibida', 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100'],
  ['in_process', 'en proceso', 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100'],
  ['authorized', 'autorizado', 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100'],
  ['not_authorized', 'no autorizado', 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100'],
  ['returned', 'devuelta', 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100'],
];

const LINK = 'text-primary-700 underline hover:no-underline dark:text-primary-300';

function StateBadge({ doc }: { doc: ElectronicDocumentView }) {
  const colours = STATES.find(([state]) => state === doc.state)?.[2] ?? STATES[0][2];
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${colours}`} title={doc.stateDetail} data-testid="state-badge">
      {doc.stateName}
    </span>
  );
}

function Warnings({ doc }: { doc: ElectronicDocumentView }) {
  if (doc.warnings.length === 0) return null;
  const strong = doc.window === 'fueraDePlazo' || doc.stalled;
  return (
    <ul className={`mt-1 space-y-0.5 text-xs ${strong ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`} role="alert">
      {doc.warnings.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}

/** The document's SRI messages and authorization, loaded when the row is opened. */
function Messages({ id }: { id: number }) {
  const [detail, setDetail] = useState<ElectronicDocumentDetailView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const abort = new AbortController();
    apiGet<ElectronicDocumentDetailView>(`/api/ebilling/documents/${id}`, { quiet: true, signal: abort.signal })
      .then(setDetail)
      .catch((err) => {
        if (!abort.signal.aborted) setError(err instanceof ApiError ? err.message : 'No se pudieron cargar los mensajes del SRI');
      });
    return () => abort.abort();
  }, [id]);
  if (error) return <p className="text-sm text-red-700 dark:text-red-300">{error}</p>;
  if (!detail) return <p className="text-sm text-gray-600 dark:text-gray-300">Cargando los mensajes del SRI…</p>;
  return (
    <div className="space-y-2 text-sm" data-testid="sri-messages">
      <p className="break-all font-mono text-xs">{`Clave de acceso: ${detail.accessKey}`}</p>
      {detail.authorizationNumber && <p>{`Autorización ${detail.authorizationNumber}${detail.authorizationDate ? ` del ${detail.authorizationDate}` : ''}`}</p>}
      {detail.lastError && <p className="text-red-700 dark:text-red-300">{`Último error de comunicación: ${detail.lastError}`}</p>}
      {detail.messages.length === 0 ? (
        <p className="text-gray-600 dark:text-gray-300">El SRI no ha enviado mensajes sobre este comprobante.</p>
      ) : (
        <ul className="space-y-1">
          {detail.messages.map((m, i) => (
            <li key={i} className="rounded border border-gray-200 p-2 dark:border-gray-700">
              <span className="font-medium">{`${m.kind} ${m.identifier}: ${m.message}`}</span>
              <span className="text-gray-600 dark:text-gray-300">{` · ${m.sriStatus} en la ${m.stage} · ${formatDateTime(m.createdAt)}`}</span>
              {m.additionalInfo && <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">{m.additionalInfo}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** «Enviar por correo»: to the buyer, or to the address typed in. */
function EmailAction({ doc }: { doc: ElectronicDocumentView }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const to = window.prompt('Correo del destinatario (vacío: el del comprador)', '');
    if (to === null) return;
    setBusy(true);
    try {
      const answer = await apiPost<{ to: string; message: string }>(`/api/ebilling/documents/${doc._id}/email`, to.trim() ? { to: to.trim() } : {}, { quiet: true });
      toast({ title: 'Correo en camino', description: answer.message, color: 'success' });
    } catch (err) {
      toast({ title: 'No se envió el correo', description: err instanceof ApiError ? err.message : 'Intente de nuevo', color: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={LINK} disabled={busy} onClick={send}>
      {busy ? 'Enviando…' : 'Enviar por correo'}
    </button>
  );
}

/** Where «Corregir y reenviar» posts for `doc`: the one resend of every document type. */
function resendPath(doc: ElectronicDocumentView): string {
  return `/api/ebilling/documents/${doc._id}/resend`;
}

/** The words of a document type in the resend toasts. */
const RESENT: Record<string, [string, string]> = {
  factura: ['Factura reenviada', 'No se reenvió la factura'],
  notaCredito: ['Nota de crédito reenviada', 'No se reenvió la nota de crédito'],
  guiaRemision: ['Guía de remisión reenviada', 'No se reenvió la guía de remisión'],
};

/** «Corregir y reenviar» of a DEVUELTA / NO AUTORIZADO document: fix the client, then resend. */
function ResendAction({ doc, path }: { doc: ElectronicDocumentView; path: string }) {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const [done, failed] = RESENT[doc.type] ?? ['Comprobante reenviado', 'No se reenvió el comprobante'];
  const resend = async () => {
    setBusy(true);
    try {
      await apiPost(path, {}, { quiet: true });
      toast({ title: done, description: `El comprobante ${doc.number} se corrigió con los datos actuales y se envió de nuevo al SRI con la misma clave de acceso.`, color: 'success' });
      revalidator.revalidate();
    } catch (err) {
      toast({ title: failed, description: err instanceof ApiError ? err.message : 'Revise la conexión e intente de nuevo', color: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="block text-xs" data-testid="resend">
      {doc.clientId && (
        <>
          <Link className={LINK} to={`/admin/ventas/listaclientes?search=${encodeURIComponent(doc.clientId)}`}>
            Corregir el cliente
          </Link>
          {' · '}
        </>
      )}
      <button type="button" className={LINK} disabled={busy} aria-busy={busy} onClick={resend}>
        {busy ? 'Reenviando…' : 'Corregir y reenviar'}
      </button>
    </span>
  );
}

export default function ElectronicDocuments() {
  const { list } = useLoaderData() as ElectronicDocumentsPage;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const [open, setOpen] = useState<number | null>(null);
  const filtered = ['type', 'state', 'from', 'to', 'search'].some((k) => params.get(k));

  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next, { preventScrollReset: true });
  };

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Comprobantes electrónicos</h1>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Facturas, notas de crédito y guías de remisión de la sucursal y su estado en el SRI. El SRI debe autorizarlas dentro de las 72 horas desde su emisión.
        </p>
      </div>
      {/* Keyed by the address: «Quitar filtros» and the back button reset the fields, which only
          read their values when they mount. */}
      <Form key={params.toString()} method="get" className="card grid gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Filtros">
        <FilterSelect label="Tipo" name="type" all="Todos" options={TYPES} />
        <FilterSelect label="Estado" name="state" all="Todos" options={STATES.map(([value, label]) => [value, label])} />
        <DateRangeFilters />
        <label className="label">
          Cliente
          <input className="input" type="search" name="search" placeholder="Nombre, identificación o clave" defaultValue={params.get('search') ?? ''} />
        </label>
        <input type="hidden" name="sort" value="date" />
        <input type="hidden" name="order" value="desc" />
        <FilterActions loading={loading} filtered={filtered} resetTo="/admin/ebilling?sort=date&order=desc" />
      </Form>
      <section className="card" aria-busy={loading}>
        {loading && <p className="mb-2 text-sm text-gray-600 dark:text-gray-300">Cargando comprobantes…</p>}
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="empty">
            {filtered
              ? 'No hay comprobantes electrónicos que coincidan con los filtros.'
              : 'Todavía no hay comprobantes electrónicos en esta sucursal. Aparecen aquí al emitir una factura, una nota de crédito o una guía de remisión.'}
          </p>
        ) : (
          <div className={`overflow-x-auto ${loading ? 'opacity-60' : ''}`}>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th>Número</th>
                  <th>Tipo</th>
                  <th>Emisión</th>
                  <th>Cliente</th>
                  <th className="text-right">Total</th>
                  <th>Estado</th>
                  <th>Acciones</th>
                </tr>
              </thead>
              <tbody>
                {list.results.map((d) => (
                  <Fragment key={d._id}>
                    <tr className="border-t border-gray-200 align-top dark:border-gray-700" data-testid="document-row">
                      <td className="whitespace-nowrap font-mono">{d.number}</td>
                      <td>{d.typeName}</td>
                      <td className="whitespace-nowrap">{formatDate(d.issueDate)}</td>
                      <td>
                        {d.clientName ?? '—'}
                        {d.clientId && <span className="block text-xs text-gray-600 dark:text-gray-300">{d.clientId}</span>}
                      </td>
                      <td className="text-right">{d.total ? formatMoney(d.total) : '—'}</td>
                      <td>
                        <StateBadge doc={d} />
                        {d.environment === 'pruebas' && <span className="ml-1 text-xs text-gray-500">pruebas</span>}
                        <Warnings doc={d} />
                      </td>
                      <td className="space-x-2 whitespace-nowrap">
                        <button type="button" className={LINK} aria-expanded={open === d._id} onClick={() => setOpen(open === d._id ? null : d._id)}>
                          {open === d._id ? 'Ocultar mensajes' : 'Mensajes del SRI'}
                        </button>
                        {d.state === 'authorized' && (
                          <>
                            <a className={LINK} href={`/api/ebilling/documents/${d._id}/xml`} download={`${d.accessKey}.xml`}>
                              Descargar XML
                            </a>
                            {/* The RIDE and its e-mail exist for facturas and notas de crédito (not for guías). */}
                            {d.type !== 'guiaRemision' && (
                              <>
                                <Link className={LINK} to={`/admin/ebilling/RIDE/${d.accessKey}`}>
                                  Ver RIDE
                                </Link>
                                <EmailAction doc={d} />
                              </>
                            )}
                          </>
                        )}
                        {(d.state === 'returned' || d.state === 'not_authorized') && <ResendAction doc={d} path={resendPath(d)} />}
                      </td>
                    </tr>
                    {open === d._id && (
                      <tr>
                        <td colSpan={7} className="bg-gray-50 p-2 dark:bg-gray-900">
                          <Messages id={d._id} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-3">
          <Pagination page={list.page} limit={list.limit} total={list.total} onPage={goTo} />
        </div>
      </section>
    </div>
  );
}
