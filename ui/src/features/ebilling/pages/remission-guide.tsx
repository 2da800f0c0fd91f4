/**
 * `/admin/ebilling/guiaDeRemision` (every role): the electronic guía de remisión. A form for a
 * standalone guía (carrier, plate, dates, one or more recipients — the XSD's `destinatarios` holds
 * many, each with its own address, reason, optional e-mail (the authorized guía is mailed there) and lines found by product search or written freely), or
 * a recent inventory transfer picked to prefill it (its lines travel to the destination warehouse;
 * the recipient is the company itself). The server checks every field and answers in Spanish with
 * `recipients[i].…` names, shown under the field of that recipient. After submitting, the page follows the guía's
 * SRI state by polling `GET /api/ebilling/remissionGuide/{id}` until AUTORIZADO, or shows the SRI's
 * messages. Below, the branch's recent guías.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/data-list/pagination';
import { Options } from '../../../components/form-fields';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { DocumentStatus, Page, ProductView, RemissionGuideBody, RemissionGuideView, RemissionGuidesPage, TransferChoiceView } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/format';
import { SriTarget } from '../components/sri-target';

const ID_TYPES: [string, string][] = [
  ['ruc', 'RUC'],
  ['cedula', 'Cédula'],
  ['pasaporte', 'Pasaporte'],
  ['exterior', 'Identificación del exterior'],
];

/**
 * The identification's type after typing `id`: ten digits cannot be a RUC nor thirteen a cédula,
 * so those two follow the length (as a transfer's carrier is guessed); any other choice stays.
 */
function typeFor(current: string, id: string): string {
  const digits = /^\d+$/.test(id.trim()) ? id.trim().length : 0;
  if (current === 'ruc' && digits === 10) return 'cedula';
  if (current === 'cedula' && digits === 13) return 'ruc';
  return current;
}

/** States after which the SRI has nothing more to say. */
const FINAL: DocumentStatus[] = ['authorized', 'not_authorized', 'returned'];

interface LineDraft {
  productId: number | null;
  code: string;
  description: string;
  quantity: string;
}

const emptyLine = (): LineDraft => ({ productId: null, code: '', description: '', quantity: '1' });

/** A destinatario being written, with what travels to it. */
interface RecipientDraft {
  idType: string;
  identification: string;
  name: string;
  address: string;
  reason: string;
  route: string;
  /** Optional: receives the authorized guía (XML and RIDE). */
  email: string;
  lines: LineDraft[];
}

const emptyRecipient = (): RecipientDraft => ({ idType: 'ruc', identification: '', name: '', address: '', reason: 'Venta', route: '', email: '', lines: [emptyLine()] });

/** The body's line: a product of the catalogue, or a free code and description. */
const lineBody = (l: LineDraft) => (l.productId !== null ? { productId: l.productId, quantity: l.quantity } : { code: l.code || null, description: l.description, quantity: l.quantity });

/**
 * What can be told before asking the server (which checks everything again): an empty
 * recipient or line, in Spanish, under the same `recipients[i].…` names the server uses.
 */
function localProblems(recipients: RecipientDraft[]): Record<string, string> {
  const problems: Record<string, string> = {};
  recipients.forEach((r, i) => {
    const f = (name: string) => `recipients[${i}].${name}`;
    if (!r.identification.trim()) problems[f('identification')] = 'Escriba la identificación del destinatario';
    if (!r.name.trim()) problems[f('name')] = 'Escriba el nombre del destinatario';
    if (!r.address.trim()) problems[f('address')] = 'Escriba la dirección de llegada';
    if (!r.reason.trim()) problems[f('reason')] = 'Escriba el motivo del traslado';
    if (r.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(r.email.trim())) problems[f('email')] = 'El correo electrónico no es válido';
    if (r.lines.length === 0) problems[f('lines')] = 'Agregue al menos una línea';
    r.lines.forEach((l, j) => {
      if (l.productId === null && !l.description.trim()) problems[f(`lines[${j}].description`)] = 'Elija un producto o escriba la descripción';
      if (!/^\d+(\.\d{1,6})?$/.test(l.quantity.trim()) || Number(l.quantity) <= 0) problems[f(`lines[${j}].quantity`)] = 'La cantidad debe ser un número mayor que cero';
    });
  });
  return problems;
}

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? <span className="text-xs text-red-700 dark:text-red-300">{errors[name]}</span> : null;
}

function stateColour(state: DocumentStatus): string {
  if (state === 'authorized') return 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100';
  if (state === 'not_authorized' || state === 'returned') return 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100';
  return 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100';
}

function Badge({ guide }: { guide: RemissionGuideView }) {
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${stateColour(guide.state)}`} data-testid="guide-state">
      {guide.stateName}
    </span>
  );
}

/** Follows a submitted guía until the SRI's final answer. */
function LiveState({ initial, onFinal }: { initial: RemissionGuideView; onFinal: () => void }) {
  const [guide, setGuide] = useState(initial);
  const [error, setError] = useState('');
  const reported = useRef(false);
  useEffect(() => {
    if (FINAL.includes(guide.state)) {
      // Once: the list reloads to show the final state.
      if (!reported.current) {
        reported.current = true;
        onFinal();
      }
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<RemissionGuideView>(`/api/ebilling/remissionGuide/${guide._id}`, { quiet: true, signal: controller.signal })
        .then(setGuide)
        .catch((err) => {
          if (!controller.signal.aborted) setError(err instanceof ApiError ? err.message : 'No se pudo consultar el estado');
        });
    }, 1500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [guide, onFinal]);
  return (
    <section className="card space-y-2" data-testid="live-state" aria-live="polite">
      <h2 className="font-semibold">{`Guía ${guide.number}`}</h2>
      <p className="flex items-center gap-2 text-sm">
        Estado en el SRI: <Badge guide={guide} />
        {!FINAL.includes(guide.state) && <span className="text-gray-600 dark:text-gray-300">esperando la respuesta del SRI…</span>}
      </p>
      <p className="break-all font-mono text-xs">{`Clave de acceso: ${guide.accessKey}`}</p>
      {guide.document.authorizationNumber && <p className="text-sm">{`Autorización ${guide.document.authorizationNumber}`}</p>}
      {guide.state === 'authorized' && (
        <p className="text-sm">
          <a className="text-primary-700 underline hover:no-underline dark:text-primary-300" href={`/tickets/guiaRemision/${guide.documentId}/A4SRI`} target="_blank" rel="noreferrer">
            Imprimir el RIDE (A4)
          </a>
        </p>
      )}
      {guide.document.lastError && <p className="text-sm text-red-700 dark:text-red-300">{guide.document.lastError}</p>}
      {guide.messages.length > 0 && (
        <ul className="space-y-1 text-sm" data-testid="sri-messages">
          {guide.messages.map((m, i) => (
            <li key={i} className="rounded border border-gray-200 p-2 dark:border-gray-700">
              <span className="font-medium">{`${m.kind} ${m.identifier}: ${m.message}`}</span>
              {m.additionalInfo && <span className="block text-gray-600 dark:text-gray-300">{m.additionalInfo}</span>}
            </li>
          ))}
        </ul>
      )}
      {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
    </section>
  );
}

/** Product search for one line. */
function ProductPicker({ label, onPick }: { label: string; onPick: (p: ProductView) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductView[]>([]);
  const pick = (p: ProductView) => {
    onPick(p);
    setQ('');
    setFound([]);
  };
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return setFound([]);
    const controller = new AbortController();
    apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(text)}&limit=8&active=true`, { quiet: true, signal: controller.signal })
      .then((p) => setFound(p.results))
      .catch(() => undefined);
    return () => controller.abort();
  }, [q]);
  return (
    <div className="relative">
      <input
        className="input"
        placeholder="Buscar producto…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        aria-label={label}
        onKeyDown={(e) => {
          // Enter picks the first match; it never submits the whole guía.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (found[0]) pick(found[0]);
        }}
      />
      {found.length > 0 && (
        <ul className="absolute z-10 mt-1 w-full rounded border border-gray-200 bg-white shadow dark:border-gray-700 dark:bg-gray-900">
          {found.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="w-full px-2 py-1 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                onClick={() => pick(p)}
              >
                {`${p.code} · ${p.name}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One destinatario of a standalone guía: who, where, why, and what travels to it. */
function RecipientFields({
  index,
  count,
  recipient,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  count: number;
  recipient: RecipientDraft;
  errors: Record<string, string>;
  onChange: (change: Partial<RecipientDraft>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const f = (name: string) => `recipients[${index}].${name}`;
  // With one recipient the labels stay short; with more, each says which recipient it belongs to.
  const title = count > 1 ? `Destinatario ${n}` : 'Destinatario';
  const lines = recipient.lines;
  // One labelled text input with its Spanish problem under it.
  const text = (label: string, field: 'identification' | 'name' | 'address' | 'reason' | 'route' | 'email', span = '', type = 'text') => (
    <label className={`label ${span}`}>
      {label}
      <input
        className="input"
        type={type}
        value={recipient[field]}
        aria-invalid={Boolean(errors[f(field)])}
        onChange={(e) => onChange(field === 'identification' ? { identification: e.target.value, idType: typeFor(recipient.idType, e.target.value) } : { [field]: e.target.value })}
      />
      <FieldError errors={errors} name={f(field)} />
    </label>
  );
  const setLine = (j: number, change: Partial<LineDraft>) => onChange({ lines: lines.map((l, k) => (k === j ? { ...l, ...change } : l)) });
  return (
    <fieldset className="space-y-2 rounded-md border border-gray-200 p-3 dark:border-gray-700" data-testid="recipient">
      <legend className="px-1 font-semibold">{title}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="label">
          Tipo de identificación
          <select className="input" value={recipient.idType} onChange={(e) => onChange({ idType: e.target.value })}>
            {ID_TYPES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name={f('idType')} />
        </label>
        {text('Identificación del destinatario', 'identification')}
        {text('Nombre o razón social', 'name')}
        {text('Dirección de llegada', 'address', 'sm:col-span-2')}
        {text('Motivo del traslado', 'reason')}
        {text('Ruta (opcional)', 'route', 'sm:col-span-2')}
        {text('Correo del destinatario (opcional)', 'email', '', 'email')}
      </div>
      <h3 className="font-medium">{count > 1 ? `Lo que se transporta al destinatario ${n}` : 'Lo que se transporta'}</h3>
      <FieldError errors={errors} name={f('lines')} />
      <ul className="space-y-2">
        {lines.map((l, j) => (
          <li key={j} className="grid gap-2 sm:grid-cols-[2fr_1fr_2fr_1fr_auto] sm:items-start">
            <ProductPicker label={count > 1 ? `Buscar producto del destinatario ${n}` : 'Buscar producto'} onPick={(p) => setLine(j, { productId: p._id, code: p.code, description: p.name })} />
            <label className="label">
              <span className="sr-only">Código</span>
              <input className="input" placeholder="Código" value={l.code} disabled={l.productId !== null} onChange={(e) => setLine(j, { code: e.target.value })} />
              <FieldError errors={errors} name={f(`lines[${j}].code`)} />
            </label>
            <label className="label">
              <span className="sr-only">Descripción</span>
              <input className="input" placeholder="Descripción" value={l.description} disabled={l.productId !== null} onChange={(e) => setLine(j, { description: e.target.value })} />
              <FieldError errors={errors} name={f(`lines[${j}].description`)} />
              <FieldError errors={errors} name={f(`lines[${j}].productId`)} />
            </label>
            <label className="label">
              <span className="sr-only">Cantidad</span>
              <input className="input" inputMode="decimal" placeholder="Cantidad" value={l.quantity} onChange={(e) => setLine(j, { quantity: e.target.value })} />
              <FieldError errors={errors} name={f(`lines[${j}].quantity`)} />
            </label>
            <div className="flex gap-1">
              {l.productId !== null && (
                <button type="button" className="btn btn-secondary" onClick={() => setLine(j, { productId: null })}>
                  Texto libre
                </button>
              )}
              <button type="button" className="btn btn-secondary" aria-label={`Quitar la línea ${j + 1}`} onClick={() => onChange({ lines: lines.filter((_, k) => k !== j) })}>
                ✕
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => onChange({ lines: [...lines, emptyLine()] })}>
          Agregar línea
        </button>
        {count > 1 && (
          <button type="button" className="btn btn-secondary" onClick={onRemove}>
            {`Quitar el destinatario ${n}`}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** The carrier a transfer recorded (its identification's type guessed from its length). */
function carrierOf(t: TransferChoiceView | undefined) {
  const identification = t?.carrierIdentification ?? '';
  return { idType: identification.length === 10 ? 'cedula' : 'ruc', identification, name: t?.carrierName ?? '' };
}

export default function RemissionGuidePage() {
  const data = useLoaderData() as RemissionGuidesPage;
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next, { preventScrollReset: true });
  };
  // `?transferId=` (the transfers screen's «Guía electrónica») prefills from that transfer.
  const preset = data.transfers.find((t) => String(t._id) === params.get('transferId'));
  const [transferId, setTransferId] = useState<number | null>(preset ? preset._id : null);
  const [origin, setOrigin] = useState(data.originAddress);
  const [carrier, setCarrier] = useState(() => carrierOf(preset));
  const [plate, setPlate] = useState(preset?.plate ?? '');
  const [startDate, setStartDate] = useState(data.today);
  const [endDate, setEndDate] = useState(data.today);
  const [recipients, setRecipients] = useState<RecipientDraft[]>([emptyRecipient()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState<RemissionGuideView | null>(null);

  function pickTransfer(id: string) {
    const t = data.transfers.find((x) => String(x._id) === id);
    setTransferId(t ? t._id : null);
    if (t) {
      setCarrier(carrierOf(t));
      setPlate(t.plate ?? '');
    }
  }

  const setRecipient = (i: number, change: Partial<RecipientDraft>) => setRecipients((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage('');
    if (transferId === null) {
      const local = localProblems(recipients);
      if (Object.keys(local).length > 0) {
        setErrors(local);
        setMessage('Revise los datos marcados de los destinatarios');
        return;
      }
    }
    setSaving(true);
    const common = { originAddress: origin, carrier, plate, startDate, endDate };
    const body =
      transferId !== null
        ? { ...common, transferId }
        : {
            ...common,
            recipients: recipients.map(({ lines, ...r }) => ({ ...r, route: r.route || null, email: r.email.trim() || null, lines: lines.map(lineBody) })),
          };
    try {
      const guide = await apiPost<RemissionGuideView>('/api/ebilling/remissionGuide/register', body satisfies RemissionGuideBody, { quiet: true });
      setSubmitted(guide);
      setTransferId(null);
      setRecipients([emptyRecipient()]);
      revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors);
        setMessage(err.message);
      } else {
        setMessage('No se pudo emitir la guía');
      }
    } finally {
      setSaving(false);
    }
  }

  const list = data.list;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Guía de remisión electrónica</h1>
      <SriTarget target={data.sriTarget} />

      {submitted && <LiveState key={submitted._id} initial={submitted} onFinal={() => revalidator.revalidate()} />}

      <form className="card space-y-4" onSubmit={submit} noValidate>
        <label className="label">
          Documentar una transferencia reciente (opcional)
          <select className="input" value={transferId ?? ''} onChange={(e) => pickTransfer(e.target.value)} data-testid="transfer-select">
            <option value="">Guía independiente</option>
            <Options items={data.transfers} value={(t) => t._id} label={(t) => `Transferencia ${t.number} · ${formatDate(t.date)} · ${t.fromCellarName} → ${t.toCellarName} (${t.lines} líneas)`} />
          </select>
        </label>
        {data.transfers.length === 0 && <p className="text-xs text-gray-600 dark:text-gray-300">No hay transferencias recientes sin guía electrónica.</p>}

        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="font-semibold">Transporte</legend>
          <label className="label">
            Tipo de identificación del transportista
            <select className="input" value={carrier.idType} onChange={(e) => setCarrier({ ...carrier, idType: e.target.value })}>
              {ID_TYPES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="carrier.idType" />
          </label>
          <label className="label">
            Identificación
            <input className="input" value={carrier.identification} onChange={(e) => setCarrier({ ...carrier, identification: e.target.value, idType: typeFor(carrier.idType, e.target.value) })} />
            <FieldError errors={errors} name="carrier.identification" />
          </label>
          <label className="label">
            Transportista
            <input className="input" value={carrier.name} onChange={(e) => setCarrier({ ...carrier, name: e.target.value })} />
            <FieldError errors={errors} name="carrier.name" />
          </label>
          <label className="label">
            Placa
            <input className="input uppercase" value={plate} placeholder="PBA-1234" onChange={(e) => setPlate(e.target.value)} />
            <FieldError errors={errors} name="plate" />
          </label>
          <label className="label">
            Inicio del transporte
            <input className="input" type="date" value={startDate} min={data.today} onChange={(e) => setStartDate(e.target.value)} />
            <FieldError errors={errors} name="startDate" />
          </label>
          <label className="label">
            Fin del transporte
            <input className="input" type="date" value={endDate} min={startDate} onChange={(e) => setEndDate(e.target.value)} />
            <FieldError errors={errors} name="endDate" />
          </label>
          <label className="label sm:col-span-3">
            Dirección de partida
            <input className="input" value={origin} onChange={(e) => setOrigin(e.target.value)} />
            <FieldError errors={errors} name="originAddress" />
          </label>
        </fieldset>

        {transferId === null ? (
          <div className="space-y-4">
            {recipients.map((r, i) => (
              <RecipientFields
                key={i}
                index={i}
                count={recipients.length}
                recipient={r}
                errors={errors}
                onChange={(change) => setRecipient(i, change)}
                onRemove={() => setRecipients((rs) => rs.filter((_, j) => j !== i))}
              />
            ))}
            <FieldError errors={errors} name="recipients" />
            <button type="button" className="btn btn-secondary" onClick={() => setRecipients((rs) => [...rs, emptyRecipient()])}>
              Agregar destinatario
            </button>
          </div>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            La guía lleva las líneas de la transferencia hacia su bodega de destino; el destinatario es la propia empresa (motivo «Traslado entre establecimientos»).
          </p>
        )}

        {message && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {message}
          </p>
        )}
        <button className="btn btn-primary" type="submit" disabled={saving}>
          {saving ? 'Firmando…' : 'Emitir guía electrónica'}
        </button>
      </form>

      <section className="card space-y-2">
        <h2 className="font-semibold">Guías recientes</h2>
        {revalidator.state === 'loading' && <p className="text-xs text-gray-600 dark:text-gray-300">Actualizando…</p>}
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="empty">
            Aún no se han emitido guías de remisión electrónicas en esta sucursal.
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Número</th>
                <th>Emitida</th>
                <th>Transportista</th>
                <th>Placa</th>
                <th>Transferencia</th>
                <th>Estado</th>
                <th>XML</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((g) => (
                <tr key={g._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td className="font-mono">{g.number}</td>
                  <td>{formatDateTime(g.createdAt)}</td>
                  <td>{g.carrierName}</td>
                  <td>{g.plate}</td>
                  <td>{g.transferNumber ?? '—'}</td>
                  <td>
                    <Badge guide={g} />
                  </td>
                  <td>
                    {g.state === 'authorized' ? (
                      <span className="space-x-2 whitespace-nowrap">
                        <a className="text-primary-700 underline hover:no-underline dark:text-primary-300" href={`/api/ebilling/documents/${g.documentId}/xml`} download={`${g.accessKey}.xml`}>
                          Descargar
                        </a>
                        <a className="text-primary-700 underline hover:no-underline dark:text-primary-300" href={`/tickets/guiaRemision/${g.documentId}/A4SRI`} target="_blank" rel="noreferrer">
                          RIDE
                        </a>
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination page={list.page} limit={list.limit} total={list.total} onPage={goTo} />
        <p className="text-xs">
          <Link className="text-primary-700 underline hover:no-underline dark:text-primary-300" to="/admin/ebilling?type=guiaRemision">
            Ver todas en Comprobantes electrónicos
          </Link>
        </p>
      </section>
    </div>
  );
}
