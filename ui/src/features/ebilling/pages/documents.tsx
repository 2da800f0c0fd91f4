/**
 * `/admin/ebilling`: the branch's electronic documents with their SRI state. Filters by type,
 * state, issue date and client travel in the address (a plain GET form, so they work before the
 * scripts load and survive a reload); each document shows the SRI window's warnings, and opens its
 * SRI messages on demand. Authorized documents offer their XML, their RIDE and «Enviar por correo»
 * (`POST /api/ebilling/documents/{id}/email`); a DEVUELTA / NO AUTORIZADO document offers «Corregir
 * y reenviar»: for a factura a link to its client to fix the data, for a nota de crédito or guía a
 * small form of its own fields (reason; carrier, plate, motive, dates), then
 * `POST /api/ebilling/documents/{id}/resend` (the document rebuilt with the corrections and the
 * client's and company's current data, same clave).
 */
import { Fragment, useEffect, useState } from 'react';
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { DateRangeFilters, FilterActions, FilterSelect } from '../../../components/data-list/get-filters';
import { Pagination } from '../../../components/data-list/pagination';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { Corrections, DocumentEmailBody, DocumentStatus, ElectronicDocumentDetailView, ElectronicDocumentView, ElectronicDocumentsPage } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { SriTarget } from '../components/sri-target';
import { Modal } from '../../../components/modal';

const TYPES: [string, string][] = [
  ['factura', 'Factura'],
  ['notaCredito', 'Nota de crédito'],
  ['guiaRemision', 'Guía de remisión'],
  ['retencion', 'Comprobante de retención'],
];

/** Stored state → the badge's words and colours. */
const STATES: [DocumentStatus, string, string][] = [
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
      {detail.authorizationNumber && <p>{`Autorización ${detail.authorizationNumber}${detail.authorizationDate ? ` del ${formatDateTime(detail.authorizationDate)}` : ''}`}</p>}
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

/** «Enviar por correo»: to the buyer (a guía: its destinatarios), or to the address typed in the dialog. */
function EmailAction({ doc }: { doc: ElectronicDocumentView }) {
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await apiPost<{ to: string; message: string }>(`/api/ebilling/documents/${doc._id}/email`, (to.trim() ? { to: to.trim() } : {}) satisfies DocumentEmailBody, { quiet: true });
      toast({ title: 'Correo en camino', description: answer.message, color: 'success' });
      setOpen(false);
      setTo('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se envió el correo: intente de nuevo');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={LINK} onClick={() => setOpen(true)}>
        Enviar por correo
      </button>
      <Modal title={`Enviar por correo ${doc.number}`} open={open} onClose={() => setOpen(false)}>
        <form onSubmit={send} className="space-y-3" data-testid="email-dialog">
          <label className="label">
            Correo del destinatario
            <input
              className="input"
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              placeholder={doc.type === 'guiaRemision' ? 'Vacío: a los destinatarios de la guía' : 'Vacío: al comprador'}
              data-autofocus
            />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Volver
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Enviando…' : 'Enviar'}
            </button>
          </div>
        </form>
      </Modal>
    </>
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
  retencion: ['Retención reenviada', 'No se reenvió la retención'],
};

/** A correction being written (empty: keep the stored value). */
interface CorrectionDraft {
  reason: string;
  carrierIdType: string;
  carrierId: string;
  carrierName: string;
  plate: string;
  startDate: string;
  endDate: string;
}

const NO_CORRECTION: CorrectionDraft = { reason: '', carrierIdType: 'ruc', carrierId: '', carrierName: '', plate: '', startDate: '', endDate: '' };

/**
 * The resend body: only the fields written. A nota de crédito corrects its reason; a guía its
 * transportista (all three parts together), placa, motivo and transport dates.
 */
function correctionBody(type: string, d: CorrectionDraft): Corrections {
  const body: Corrections = {};
  if (d.reason.trim()) body.reason = d.reason.trim();
  if (type !== 'guiaRemision') return body;
  if (d.carrierId.trim() || d.carrierName.trim()) body.carrier = { idType: d.carrierIdType, identification: d.carrierId.trim(), name: d.carrierName.trim() };
  if (d.plate.trim()) body.plate = d.plate.trim();
  if (d.startDate) body.startDate = d.startDate;
  if (d.endDate) body.endDate = d.endDate;
  return body;
}

/** The small form of the fields a nota de crédito or guía may correct before it is resent. */
function CorrectionForm({
  doc,
  draft,
  errors,
  busy,
  onChange,
  onSubmit,
  onCancel,
}: {
  doc: ElectronicDocumentView;
  draft: CorrectionDraft;
  errors: Record<string, string>;
  busy: boolean;
  onChange: (change: Partial<CorrectionDraft>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const guide = doc.type === 'guiaRemision';
  const field = (label: string, key: keyof CorrectionDraft, name: string, type = 'text') => (
    <label className="label">
      {label}
      <input className="input" type={type} value={draft[key]} aria-invalid={Boolean(errors[name])} onChange={(e) => onChange({ [key]: e.target.value })} />
      {errors[name] && <span className="block text-red-700 dark:text-red-300">{errors[name]}</span>}
    </label>
  );
  return (
    <form
      className="mt-1 grid gap-1 whitespace-normal rounded border border-gray-200 p-2 dark:border-gray-700"
      data-testid="resend-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p>Deje vacío lo que no cambia.</p>
      {field(guide ? 'Motivo del traslado' : 'Motivo', 'reason', 'reason')}
      {guide && (
        <>
          <label className="label">
            Tipo de identificación del transportista
            <select className="input" value={draft.carrierIdType} onChange={(e) => onChange({ carrierIdType: e.target.value })}>
              <option value="ruc">RUC</option>
              <option value="cedula">Cédula</option>
              <option value="pasaporte">Pasaporte</option>
              <option value="exterior">Identificación del exterior</option>
            </select>
          </label>
          {field('Identificación del transportista', 'carrierId', 'carrier.identification')}
          {field('Nombre del transportista', 'carrierName', 'carrier.name')}
          {field('Placa', 'plate', 'plate')}
          {field('Inicio del transporte', 'startDate', 'startDate', 'date')}
          {field('Fin del transporte', 'endDate', 'endDate', 'date')}
        </>
      )}
      <span className="space-x-2">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Reenviando…' : 'Reenviar al SRI'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </span>
    </form>
  );
}

/**
 * «Corregir y reenviar» of a DEVUELTA / NO AUTORIZADO document: a factura is fixed through its
 * client, then resent; a nota de crédito or guía first opens a small form of its own fields.
 */
function ResendAction({ doc, path }: { doc: ElectronicDocumentView; path: string }) {
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<CorrectionDraft>(NO_CORRECTION);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const revalidator = useRevalidator();
  const [done, failed] = RESENT[doc.type] ?? ['Comprobante reenviado', 'No se reenvió el comprobante'];
  const correctable = doc.type === 'notaCredito' || doc.type === 'guiaRemision';
  const resend = async () => {
    setBusy(true);
    setErrors({});
    try {
      await apiPost(path, correctable ? correctionBody(doc.type, draft) : {}, { quiet: true });
      toast({ title: done, description: `El comprobante ${doc.number} se corrigió y se envió de nuevo al SRI con la misma clave de acceso.`, color: 'success' });
      setEditing(false);
      setDraft(NO_CORRECTION);
      revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      toast({ title: failed, description: err instanceof ApiError ? err.message : 'Revise la conexión e intente de nuevo', color: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="block text-xs" data-testid="resend">
      {doc.clientId && (
        <>
          {doc.type === 'retencion' ? (
            <Link className={LINK} to={`/admin/compras/listaproveedores?search=${encodeURIComponent(doc.clientId)}`}>
              Corregir el proveedor
            </Link>
          ) : (
            <Link className={LINK} to={`/admin/ventas/listaclientes?search=${encodeURIComponent(doc.clientId)}`}>
              Corregir el cliente
            </Link>
          )}
          {' · '}
        </>
      )}
      <button type="button" className={LINK} disabled={busy} aria-busy={busy} aria-expanded={correctable ? editing : undefined} onClick={correctable ? () => setEditing(!editing) : resend}>
        {busy && !correctable ? 'Reenviando…' : 'Corregir y reenviar'}
      </button>
      {correctable && editing && (
        <CorrectionForm doc={doc} draft={draft} errors={errors} busy={busy} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} onSubmit={resend} onCancel={() => setEditing(false)} />
      )}
    </span>
  );
}

export default function ElectronicDocuments() {
  const { list, sriTarget } = useLoaderData() as ElectronicDocumentsPage;
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
        <SriTarget target={sriTarget} />
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
            {/* Every cell padded and the amount kept on one line: at 1366 px the columns ran
                together and «$» wrapped away from its amount. */}
            <table className="w-full text-sm [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1" data-testid="documents-table">
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
                      <td className="whitespace-nowrap text-right" data-testid="document-total">
                        {d.total ? formatMoney(d.total) : '—'}
                      </td>
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
                            <Link className={LINK} to={`/admin/ebilling/RIDE/${d.accessKey}`}>
                              Ver RIDE
                            </Link>
                            <EmailAction doc={d} />
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
