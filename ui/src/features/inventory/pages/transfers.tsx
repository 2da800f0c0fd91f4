/**
 * `/admin/inventario/guiaDeRemision`: transfers between warehouses of this or another branch, with
 * the guía de remisión's data (carrier, plate, dates, addresses) and its printable document.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiPost } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { TransfersPage, TransferView } from '../../../lib/api-types';
import { ScanInput, addDecimal } from '../shared';

interface Line {
  productId: number;
  code: string;
  name: string;
  quantity: string;
}

const GUIDE_FIELDS: [string, string, string][] = [
  ['carrierName', 'Transportista', 'text'],
  ['carrierIdentification', 'Cédula o RUC del transportista', 'text'],
  ['plate', 'Placa', 'text'],
  ['startDate', 'Inicio del traslado', 'date'],
  ['endDate', 'Fin del traslado', 'date'],
  ['originAddress', 'Dirección de partida', 'text'],
  ['destinationAddress', 'Dirección de llegada', 'text'],
  ['reason', 'Motivo', 'text'],
];

export default function Transfers() {
  const { list, cellars, destinations } = useLoaderData() as TransfersPage;
  const revalidator = useRevalidator();
  const [fromCellarId, setFrom] = useState(String(cellars.find((c) => c.isDefault)?._id ?? ''));
  const [toCellarId, setTo] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    const guide = Object.fromEntries(GUIDE_FIELDS.map(([name]) => [name, String(form.get(name) ?? '') || null]));
    setBusy(true);
    setError('');
    setErrors({});
    try {
      const saved = await apiPost<TransferView>(
        '/api/inventory/transfer/register',
        { ...guide, fromCellarId: Number(fromCellarId), toCellarId: Number(toCellarId), lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
        { quiet: true },
      );
      toast({ title: 'Guía registrada', description: `Número ${saved.number}`, color: 'success' });
      setLines([]);
      formElement.reset();
      revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fieldErrors);
        setError(err.body.message);
      } else setError(String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Guías de remisión</h1>
      <form className="card space-y-3" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm">
            <span className="label">Bodega de origen</span>
            <select className="input" value={fromCellarId} onChange={(e) => setFrom(e.target.value)}>
              {cellars.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="label">Bodega de destino</span>
            <select className="input" value={toCellarId} onChange={(e) => setTo(e.target.value)}>
              <option value="">Seleccione…</option>
              {destinations
                .filter((c) => String(c._id) !== fromCellarId)
                .map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
            </select>
            {errors.toCellarId && <span className="text-red-700">{errors.toCellarId}</span>}
          </label>
          {GUIDE_FIELDS.map(([name, label, type]) => (
            <label key={name} className="text-sm">
              <span className="label">{label}</span>
              <input className="input" name={name} type={type} />
              {errors[name] && <span className="text-red-700">{errors[name]}</span>}
            </label>
          ))}
        </div>
        <ScanInput
          onProduct={(p) =>
            setLines((current) =>
              current.some((l) => l.productId === p._id)
                ? current.map((l) => (l.productId === p._id ? { ...l, quantity: addDecimal(l.quantity, 1) } : l))
                : [...current, { productId: p._id, code: p.code, name: p.name, quantity: '1' }],
            )
          }
        />
        <table className="w-full text-sm">
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.productId}>
                <td>{l.code}</td>
                <td>{l.name}</td>
                <td className="text-right">
                  <input
                    className="input ml-auto w-28 text-right"
                    aria-label={`Cantidad de ${l.name}`}
                    value={l.quantity}
                    onChange={(e) => setLines(lines.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
                  />
                </td>
                <td className="text-right">
                  <button type="button" className="btn-ghost" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                    Quitar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {error && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy || lines.length === 0}>
            {busy ? 'Registrando…' : 'Registrar guía'}
          </button>
        </div>
      </form>

      <div className="card overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="list-table">
          <thead className="bg-gray-50 text-xs uppercase dark:bg-gray-800">
            <tr>
              <th className="px-3 py-2 text-left">Número</th>
              <th className="text-left">Fecha</th>
              <th className="text-left">Origen</th>
              <th className="text-left">Destino</th>
              <th className="text-left">Transportista</th>
              <th className="px-3 text-right">Documento</th>
            </tr>
          </thead>
          <tbody>
            {list.results.map((t) => (
              <tr key={t._id} className="border-b border-gray-100 dark:border-gray-800" data-testid="list-row">
                <td className="px-3 py-1">{String(t.number).padStart(6, '0')}</td>
                <td>{formatDateTime(t.date)}</td>
                <td>{t.fromCellarName}</td>
                <td>{t.toCellarName}</td>
                <td>{t.carrierName ?? ''}</td>
                <td className="px-3 text-right">
                  <a className="text-primary-700 underline" href={`/admin/inventario/guiaDeRemision/${t._id}/imprimir`} target="_blank" rel="noreferrer">
                    Imprimir
                  </a>{' '}
                  <a className="text-primary-700 underline" href={`/admin/ebilling/guiaDeRemision?transferId=${t._id}`}>
                    Guía electrónica
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
