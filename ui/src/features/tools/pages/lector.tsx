/**
 * `/admin/herramientas/lector` (admin and user): the Lector .SRI. Upload the SRI's report of received
 * documents (TXT), an authorized XML or a ZIP of them; the list shows each document and whether it was
 * imported; a factura is imported as merchandise into the chosen warehouse (its supplier codes mapped to
 * our products, remembered for next time) or as an expense. The remembered mappings are listed, and
 * one that is wrong is deleted (the next import asks for that code again).
 */
import { Fragment, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { FormError } from '../../../components/form';
import { Options } from '../../../components/form-fields';
import { RecordHead, RecordTable } from '../../../components/record-table';
import { ApiError, apiGet, apiPost, apiUpload } from '../../../lib/api';
import type { CellarOptionView, IdBody, ImportBody, LectorPage, LectorUploadView, ProductView, PurchaseView, ReceivedDocumentView, SupplierMappingView } from '../../../lib/api-types';
import { formatDate, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';

const message = (err: unknown) => (err instanceof ApiError ? err.body.message : String(err));

/** How often a running look-up's progress is asked for. */
const POLL_MS = 1000;

/** `1 comprobante`, `3 comprobantes`. */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Our product with exactly this code, if any. */
async function productByCode(code: string): Promise<ProductView | undefined> {
  const page = await apiGet<{ results: ProductView[] }>(`/api/item?search=${encodeURIComponent(code)}&limit=20`, { quiet: true });
  return page.results.find((p) => p.code.toLowerCase() === code.toLowerCase());
}

function ImportPanel({ doc, cellars, onDone }: { doc: ReceivedDocumentView; cellars: CellarOptionView[]; onDone: (text: string) => void }) {
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [cellarId, setCellarId] = useState(String(cellars.find((c) => c.isDefault)?._id ?? cellars[0]?._id ?? ''));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const unmapped = doc.lines.filter((l) => l.productId === null);

  const run = async (as: 'merchandise' | 'expense') => {
    setBusy(true);
    setError('');
    try {
      const mappings = [];
      if (as === 'merchandise') {
        for (const line of unmapped) {
          const ours = (codes[line.supplierCode] ?? '').trim();
          if (!ours) continue;
          const product = await productByCode(ours);
          if (!product) throw new Error(`No hay un producto con el código «${ours}»`);
          mappings.push({ supplierCode: line.supplierCode, productId: product._id });
        }
      }
      const body: ImportBody = as === 'merchandise' ? { accessKey: doc.accessKey, as, cellarId: Number(cellarId), mappings } : { accessKey: doc.accessKey, as };
      const purchase = await apiPost<PurchaseView>('/api/tools/lector/import', body, { quiet: true });
      onDone(`Importada como ${as === 'merchandise' ? 'compra de mercadería' : 'gasto'}: ${purchase.documentNumber ?? ''} por ${formatMoney(purchase.total)}`);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 p-3" data-testid="lector-import">
      <RecordTable
        look="caps"
        rows={doc.lines}
        columns={[
          { header: 'Código del proveedor', className: 'font-mono', cell: (l) => l.supplierCode },
          { header: 'Descripción', cell: (l) => l.description },
          { header: 'Cantidad', numeric: true, cell: (l) => l.quantity },
          { header: 'Costo', numeric: true, cell: (l) => l.unitCost },
          {
            header: 'Nuestro producto (código)',
            cell: (l) =>
              l.productId !== null ? (
                <span className="text-xs text-gray-600 dark:text-gray-300">Asociado</span>
              ) : (
                <input
                  className="input w-40"
                  aria-label={`Producto para ${l.supplierCode}`}
                  value={codes[l.supplierCode] ?? ''}
                  onChange={(e) => setCodes({ ...codes, [l.supplierCode]: e.target.value })}
                />
              ),
          },
        ]}
      />
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="label">Bodega</span>
          <select className="input" value={cellarId} onChange={(e) => setCellarId(e.target.value)}>
            <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
          </select>
        </label>
        <button type="button" className="btn btn-primary" disabled={busy || !cellarId} onClick={() => run('merchandise')}>
          Importar como mercadería
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => run('expense')}>
          Importar como gasto
        </button>
      </div>
      <FormError message={error} />
    </div>
  );
}

/** The remembered supplier codes, each deletable. */
function Mappings({ mappings, onChange }: { mappings: SupplierMappingView[]; onChange: () => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const remove = async (m: SupplierMappingView) => {
    setBusy(m._id);
    try {
      await apiPost('/api/tools/lector/mappings/delete', { _id: m._id } satisfies IdBody);
      toast({ title: 'Asociación eliminada', description: `${m.supplierName}: ${m.supplierCode}`, color: 'success' });
      onChange();
    } catch {
      // The error modal already told why.
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="card space-y-2" data-testid="lector-mappings">
      <h2 className="text-lg font-semibold">Códigos de proveedores asociados</h2>
      <RecordTable
        look="caps"
        rows={mappings}
        empty="Aún no hay códigos asociados: se recuerdan al importar una factura como mercadería."
        rowKey={(m) => m._id}
        rowTestId="mapping-row"
        columns={[
          {
            header: 'Proveedor',
            cell: (m) => (
              <>
                <div className="font-medium">{m.supplierName}</div>
                <div className="font-mono text-xs">{m.supplierIdentification}</div>
              </>
            ),
          },
          { header: 'Código del proveedor', className: 'font-mono', cell: (m) => m.supplierCode },
          {
            header: 'Nuestro producto',
            cell: (m) => (
              <>
                <span className="font-mono">{m.productCode}</span> {m.productName}
              </>
            ),
          },
          {
            className: 'text-right',
            cell: (m) => (
              <button type="button" className="btn" disabled={busy === m._id} aria-label={`Eliminar la asociación de ${m.supplierCode}`} onClick={() => void remove(m)}>
                Eliminar
              </button>
            ),
          },
        ]}
      />
    </div>
  );
}

export default function Lector() {
  const { cellars, mappings } = useLoaderData() as LectorPage;
  const revalidator = useRevalidator();
  const [result, setResult] = useState<LectorUploadView | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setNotice('');
    setResult(null);
    try {
      let read = await apiUpload<LectorUploadView>('/api/tools/lector/upload', new FormData(e.currentTarget), { quiet: true });
      // A large report is looked up at the SRI in the background: its progress is polled.
      while (read.status === 'running' && read._id !== null) {
        setResult(read);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        read = await apiGet<LectorUploadView>(`/api/tools/lector/upload/${read._id}`, { quiet: true });
      }
      setResult(read);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const imported = (key: string, text: string) => {
    setNotice(text);
    void revalidator.revalidate();
    setOpen(null);
    setResult((r) => r && { ...r, documents: r.documents.map((d) => (d.accessKey === key ? { ...d, imported: true } : d)) });
  };

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Lector .SRI</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Suba el reporte de comprobantes recibidos (TXT) que descarga de SRI en línea, un XML autorizado o un ZIP con ellos. Los comprobantes del reporte
        que no traen su XML se consultan en el SRI por su clave de acceso. Una factura se importa como compra de mercadería (cada código del proveedor
        asociado a uno de sus productos; la asociación se recuerda) o como gasto, a crédito.
      </p>
      <form className="card flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="text-sm">
          <span className="label">Archivo</span>
          <input type="file" name="file" required data-testid="lector-file" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Leyendo…' : 'Leer'}
        </button>
      </form>
      <FormError message={error} />
      {notice && (
        <p className="text-sm text-green-700 dark:text-green-400" role="status">
          {notice}
        </p>
      )}
      {result && result.status === 'running' && (
        <div className="card space-y-2" data-testid="lector-progress" role="status">
          <p>
            Consultando los comprobantes en el SRI: {result.processed} de {result.total} claves ({plural(result.documentsTotal, 'comprobante leído', 'comprobantes leídos')}).
          </p>
          <progress className="w-full" max={result.total} value={result.processed} />
          <p className="text-sm text-gray-600 dark:text-gray-300">Puede salir de esta página: la consulta sigue y los comprobantes leídos quedan guardados.</p>
        </div>
      )}
      {result && result.status !== 'running' && (
        <div className="card space-y-3" data-testid="lector-result">
          <p>
            {plural(result.documentsTotal, 'comprobante', 'comprobantes')} · {plural(result.errorsTotal, 'problema', 'problemas')}
          </p>
          {result.status === 'failed' && (
            <p className="text-sm text-red-700 dark:text-red-400" role="alert">
              La consulta al SRI no pudo completarse. Suba el reporte otra vez para seguir desde donde quedó.
            </p>
          )}
          {result.documents.length < result.documentsTotal && (
            <p className="text-sm text-gray-600 dark:text-gray-300">Se muestran los primeros {result.documents.length} comprobantes.</p>
          )}
          {result.documents.length > 0 && (
            <table className="w-full text-sm">
              <RecordHead look="caps" columns={[{ header: 'Emisor' }, { header: 'Tipo' }, { header: 'Número' }, { header: 'Fecha' }, { header: 'Total', numeric: true }, {}]} />
              <tbody>
                {result.documents.map((d) => (
                  <Fragment key={d.accessKey}>
                    <tr className="border-b border-gray-100 dark:border-gray-800">
                      <td>
                        <div className="font-medium">{d.issuerName}</div>
                        <div className="font-mono text-xs">{d.issuerRuc}</div>
                      </td>
                      <td>{d.type}</td>
                      <td className="font-mono">{d.number}</td>
                      <td>{formatDate(d.date)}</td>
                      <td className="text-right">{formatMoney(d.total)}</td>
                      <td className="text-right">
                        {d.imported ? (
                          <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs text-primary-800">Importado</span>
                        ) : d.type === 'Factura' ? (
                          <button type="button" className="btn" onClick={() => setOpen(open === d.accessKey ? null : d.accessKey)}>
                            Importar
                          </button>
                        ) : null}
                      </td>
                    </tr>
                    {open === d.accessKey && (
                      <tr>
                        <td colSpan={6}>
                          <ImportPanel doc={d} cellars={cellars} onDone={(text) => imported(d.accessKey, text)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          )}
          {result.errors.length < result.errorsTotal && (
            <p className="text-sm text-gray-600 dark:text-gray-300">Se muestran los primeros {result.errors.length} problemas.</p>
          )}
          {result.errors.length > 0 && (
            <RecordTable
              look="caps"
              rows={result.errors}
              testId="lector-errors"
              columns={[
                { header: 'Línea', cell: (e) => e.line },
                { header: 'Problema', cell: (e) => e.message },
              ]}
            />
          )}
        </div>
      )}
      <Mappings mappings={mappings} onChange={() => void revalidator.revalidate()} />
    </section>
  );
}
