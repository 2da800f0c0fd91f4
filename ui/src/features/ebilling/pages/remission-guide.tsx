/**
 * `/admin/ebilling/guiaDeRemision` (every role): the electronic guía de remisión. A form for a
 * standalone guía (carrier, plate, dates, one recipient, lines found by product search or written
 * freely), or a recent inventory transfer picked to prefill it (its lines travel to the destination
 * warehouse; the recipient is the company itself). After submitting, the page follows the guía's
 * SRI state by polling `GET /api/ebilling/remissionGuide/{id}` until AUTORIZADO, or shows the SRI's
 * messages. Below, the branch's recent guías.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/data-list/pagination';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { Page, ProductView, RemissionGuideView, RemissionGuidesPage, TransferChoiceView } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/format';

const ID_TYPES: [string, string][] = [
  ['ruc', 'RUC'],
  ['cedula', 'Cédula'],
  ['pasaporte', 'Pasaporte'],
  ['exterior', 'Identificación del exterior'],
];

/** States after which the SRI has nothing more to say. */
const FINAL = ['authorized', 'not_authorized', 'returned'];

interface LineDraft {
  productId: number | null;
  code: string;
  description: string;
  quantity: string;
}

const emptyLine = (): LineDraft => ({ productId: null, code: '', description: '', quantity: '1' });

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? <span className="text-xs text-red-700 dark:text-red-300">{errors[name]}</span> : null;
}

function stateColour(state: string): string {
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
function ProductPicker({ onPick }: { onPick: (p: ProductView) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ProductView[]>([]);
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
      <input className="input" placeholder="Buscar producto…" value={q} onChange={(e) => setQ(e.target.value)} aria-label="Buscar producto" />
      {found.length > 0 && (
        <ul className="absolute z-10 mt-1 w-full rounded border border-gray-200 bg-white shadow dark:border-gray-700 dark:bg-gray-900">
          {found.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                className="w-full px-2 py-1 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                onClick={() => {
                  onPick(p);
                  setQ('');
                  setFound([]);
                }}
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
  const [recipient, setRecipient] = useState({ idType: 'ruc', identification: '', name: '', address: '', reason: 'Venta', route: '' });
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
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

  function setLine(i: number, change: Partial<LineDraft>) {
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...change } : l)));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    setMessage('');
    const common = { originAddress: origin, carrier, plate, startDate, endDate };
    const body =
      transferId !== null
        ? { ...common, transferId }
        : {
            ...common,
            recipients: [
              {
                ...recipient,
                route: recipient.route || null,
                lines: lines.map((l) => (l.productId !== null ? { productId: l.productId, quantity: l.quantity } : { code: l.code || null, description: l.description, quantity: l.quantity })),
              },
            ],
          };
    try {
      const guide = await apiPost<RemissionGuideView>('/api/ebilling/remissionGuide/register', body, { quiet: true });
      setSubmitted(guide);
      setTransferId(null);
      setLines([emptyLine()]);
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

      {submitted && <LiveState key={submitted._id} initial={submitted} onFinal={() => revalidator.revalidate()} />}

      <form className="card space-y-4" onSubmit={submit} noValidate>
        <label className="label">
          Documentar una transferencia reciente (opcional)
          <select className="input" value={transferId ?? ''} onChange={(e) => pickTransfer(e.target.value)} data-testid="transfer-select">
            <option value="">Guía independiente</option>
            {data.transfers.map((t) => (
              <option key={t._id} value={t._id}>
                {`Transferencia ${t.number} · ${formatDate(t.date)} · ${t.fromCellarName} → ${t.toCellarName} (${t.lines} líneas)`}
              </option>
            ))}
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
            <input className="input" value={carrier.identification} onChange={(e) => setCarrier({ ...carrier, identification: e.target.value })} />
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
          <fieldset className="space-y-2">
            <legend className="font-semibold">Destinatario</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              <label className="label">
                Tipo de identificación
                <select className="input" value={recipient.idType} onChange={(e) => setRecipient({ ...recipient, idType: e.target.value })}>
                  {ID_TYPES.map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="recipients[0].idType" />
              </label>
              <label className="label">
                Identificación
                <input className="input" value={recipient.identification} onChange={(e) => setRecipient({ ...recipient, identification: e.target.value })} />
                <FieldError errors={errors} name="recipients[0].identification" />
              </label>
              <label className="label">
                Nombre o razón social
                <input className="input" value={recipient.name} onChange={(e) => setRecipient({ ...recipient, name: e.target.value })} />
                <FieldError errors={errors} name="recipients[0].name" />
              </label>
              <label className="label sm:col-span-2">
                Dirección de llegada
                <input className="input" value={recipient.address} onChange={(e) => setRecipient({ ...recipient, address: e.target.value })} />
                <FieldError errors={errors} name="recipients[0].address" />
              </label>
              <label className="label">
                Motivo del traslado
                <input className="input" value={recipient.reason} onChange={(e) => setRecipient({ ...recipient, reason: e.target.value })} />
                <FieldError errors={errors} name="recipients[0].reason" />
              </label>
              <label className="label sm:col-span-3">
                Ruta (opcional)
                <input className="input" value={recipient.route} onChange={(e) => setRecipient({ ...recipient, route: e.target.value })} />
                <FieldError errors={errors} name="recipients[0].route" />
              </label>
            </div>
            <FieldError errors={errors} name="recipients" />
            <h3 className="font-medium">Lo que se transporta</h3>
            <FieldError errors={errors} name="recipients[0].lines" />
            <ul className="space-y-2">
              {lines.map((l, i) => (
                <li key={i} className="grid gap-2 sm:grid-cols-[2fr_1fr_2fr_1fr_auto] sm:items-start">
                  <ProductPicker onPick={(p) => setLine(i, { productId: p._id, code: p.code, description: p.name })} />
                  <label className="label">
                    <span className="sr-only">Código</span>
                    <input className="input" placeholder="Código" value={l.code} disabled={l.productId !== null} onChange={(e) => setLine(i, { code: e.target.value })} />
                    <FieldError errors={errors} name={`recipients[0].lines[${i}].code`} />
                  </label>
                  <label className="label">
                    <span className="sr-only">Descripción</span>
                    <input className="input" placeholder="Descripción" value={l.description} disabled={l.productId !== null} onChange={(e) => setLine(i, { description: e.target.value })} />
                    <FieldError errors={errors} name={`recipients[0].lines[${i}].description`} />
                    <FieldError errors={errors} name={`recipients[0].lines[${i}].productId`} />
                  </label>
                  <label className="label">
                    <span className="sr-only">Cantidad</span>
                    <input className="input" inputMode="decimal" placeholder="Cantidad" value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} />
                    <FieldError errors={errors} name={`recipients[0].lines[${i}].quantity`} />
                  </label>
                  <div className="flex gap-1">
                    {l.productId !== null && (
                      <button type="button" className="btn btn-secondary" onClick={() => setLine(i, { productId: null })}>
                        Texto libre
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary" aria-label="Quitar línea" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                      ✕
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-secondary" onClick={() => setLines((ls) => [...ls, emptyLine()])}>
              Agregar línea
            </button>
          </fieldset>
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
