/**
 * `/admin/inventario/subida` (admin only): bulk import of products from CSV, XLSX, XLS or ODS, with the
 * template, a progress bar while the server works through the rows, and row-by-row errors.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form';
import { RecordTable } from '../../../components/record-table';
import { ApiError, apiGet, apiUpload } from '../../../lib/api';
import type { ImportJobView, ImportStarted } from '../../../lib/api-types';

export default function Upload() {
  const [job, setJob] = useState<ImportJobView | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (jobId === null) return;
    let stop = false;
    const poll = async () => {
      try {
        const current = await apiGet<ImportJobView>(`/api/inventory/upload/${jobId}`, { quiet: true });
        if (stop) return;
        setJob(current);
        if (current.status === 'running') setTimeout(poll, 500);
      } catch (err) {
        setError(err instanceof ApiError ? err.body.message : String(err));
      }
    };
    poll();
    return () => {
      stop = true;
    };
  }, [jobId]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setJob(null);
    try {
      const started = await apiUpload<ImportStarted>('/api/inventory/upload', new FormData(e.currentTarget), { quiet: true });
      setJobId(started._id);
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const percent = job && job.total > 0 ? Math.round((job.processed * 100) / job.total) : 0;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Subida de productos</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Archivo CSV (separado por «;» o «,», en UTF-8 o como lo guarda Excel), XLSX, XLS u ODS. Las columnas se reconocen por su nombre: codigo,
        codigo_barras (varios separados por |), nombre, descripcion, categoria, unidad, iva (porcentaje, p. ej. 15, o código del SRI), precio,
        precio2, precio3, stock_minimo, tipo, bodega, stock_inicial, costo. Los decimales llevan coma o punto (20,50 o 20.50), sin separador de
        miles. Los productos se buscan por código: los existentes se actualizan.
      </p>
      <p className="flex gap-4">
        <a className="text-primary-700 underline" href="/api/inventory/upload/template" download>
          Descargar plantilla CSV
        </a>
        <a className="text-primary-700 underline" href="/api/inventory/upload/template?format=xlsx" download>
          Descargar plantilla Excel
        </a>
      </p>
      <form className="card flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="text-sm">
          <span className="label">Archivo</span>
          <input type="file" name="file" accept=".csv,.xlsx,.xls,.ods,text/csv" required data-testid="upload-file" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Subiendo…' : 'Importar'}
        </button>
      </form>
      <FormError message={error} />
      {job && (
        <div className="card space-y-3" data-testid="upload-job">
          <div className="h-3 w-full rounded bg-gray-200 dark:bg-gray-700" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-3 rounded bg-primary-600" style={{ width: `${percent}%` }} />
          </div>
          <p data-testid="upload-status">
            {job.status === 'running' ? 'Procesando…' : job.status === 'done' ? 'Importación terminada' : 'La importación falló'}
            {` · ${job.processed} de ${job.total} filas · ${job.created} creados · ${job.updated} actualizados · ${job.errors.length} errores`}
          </p>
          {job.errors.length > 0 && (
            <RecordTable
              look="caps"
              rows={job.errors}
              testId="upload-errors"
              columns={[
                { header: 'Fila', cell: (e) => e.row },
                { header: 'Columna', cell: (e) => e.column },
                { header: 'Error', cell: (e) => e.message },
              ]}
            />
          )}
        </div>
      )}
    </section>
  );
}
