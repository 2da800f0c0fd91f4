/**
 * `/admin/ebilling/test` (admin): electronic-billing set-up. Upload the company's .p12 and its
 * password (stored encrypted; only its facts come back), see holder, RUC, issuer and validity with
 * a warning 30 days before expiry, the company's ambiente, and run a trial that signs one factura
 * and sends it to the SRI's test environment, step by step.
 */
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiPost, apiUpload } from '../../../lib/api';
import type { CertificateView, EbillingSetupPage, TrialView } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { SriTarget } from '../components/sri-target';

function Facts({ certificate }: { certificate: CertificateView }) {
  const rows: [string, string][] = [
    ['Titular', certificate.holder],
    ['RUC', certificate.ruc ?? 'No consta en el certificado'],
    ['Emisor', certificate.issuer],
    ['Número de serie', certificate.serial],
    ['Válido desde', formatDateTime(certificate.validFrom)],
    ['Válido hasta', `${formatDateTime(certificate.validTo)} (${certificate.daysLeft >= 0 ? `quedan ${certificate.daysLeft} días` : 'caducado'})`],
  ];
  return (
    <div className="space-y-2" data-testid="certificate-facts">
      {certificate.warning && (
        <p role="alert" className="rounded bg-amber-100 p-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          {certificate.warning}
        </p>
      )}
      {certificate.rucWarning && (
        <p role="alert" data-testid="certificate-ruc-warning" className="rounded bg-red-100 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {certificate.rucWarning}
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function EbillingSetup() {
  const { certificate, environment, sriTarget } = useLoaderData() as EbillingSetupPage;
  const revalidator = useRevalidator();
  const [uploadError, setUploadError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [trial, setTrial] = useState<TrialView | null>(null);
  const [trialError, setTrialError] = useState('');
  const [testing, setTesting] = useState(false);

  async function upload(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setUploading(true);
    setUploadError('');
    try {
      const saved = await apiUpload<CertificateView>('/api/ebilling/certificate', new FormData(form), { quiet: true });
      form.reset();
      if (saved.rucWarning) {
        toast({ title: 'Certificado guardado, pero el SRI lo rechazará', description: saved.rucWarning, color: 'error' });
      } else {
        toast({ title: 'Certificado guardado', description: 'Se guardó cifrado; el anterior queda para los comprobantes en curso.', color: 'success' });
      }
      revalidator.revalidate();
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.message : 'No se pudo guardar el certificado');
    } finally {
      setUploading(false);
    }
  }

  async function runTrial() {
    setTesting(true);
    setTrial(null);
    setTrialError('');
    try {
      setTrial(await apiPost<TrialView>('/api/ebilling/test', {}, { quiet: true }));
    } catch (err) {
      setTrialError(err instanceof ApiError ? err.message : 'No se pudo hacer la prueba');
    } finally {
      setTesting(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Configuración de la facturación electrónica</h1>
      <SriTarget target={sriTarget} />

      <section className="card space-y-3">
        <h2 className="font-semibold">Certificado de firma electrónica</h2>
        {certificate ? (
          <Facts certificate={certificate} />
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="no-certificate">
            La empresa no tiene un certificado de firma electrónica. Súbalo para emitir comprobantes electrónicos.
          </p>
        )}
        <form onSubmit={upload} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end" encType="multipart/form-data">
          <label className="label">
            {certificate ? 'Reemplazar por otro archivo .p12' : 'Archivo .p12'}
            <input className="input" type="file" name="file" accept=".p12,.pfx,application/x-pkcs12" required />
          </label>
          <label className="label">
            Contraseña del certificado
            <input className="input" type="password" name="password" autoComplete="off" required />
          </label>
          <button className="btn btn-primary" type="submit" disabled={uploading}>
            {uploading ? 'Verificando…' : 'Guardar certificado'}
          </button>
        </form>
        {uploadError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {uploadError}
          </p>
        )}
        <p className="text-xs text-gray-600 dark:text-gray-300">El archivo y la contraseña se guardan cifrados y nunca se muestran ni se descargan.</p>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">Ambiente del SRI</h2>
        <p className="text-sm">
          {environment === 'produccion' ? 'Producción: los comprobantes tienen validez tributaria.' : 'Pruebas: los comprobantes no tienen validez tributaria.'}{' '}
          <Link className="text-primary-700 underline hover:no-underline dark:text-primary-300" to="/admin/configAdmin/empresa">
            Cambiar en Configuración → Empresa
          </Link>
        </p>
      </section>

      <section className="card space-y-3">
        <h2 className="font-semibold">Prueba de envío</h2>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Firma una factura de prueba de USD 1,00 a consumidor final con el certificado guardado y la envía al ambiente de pruebas del SRI. No registra ninguna venta.
        </p>
        <button className="btn btn-secondary" type="button" onClick={runTrial} disabled={testing || !certificate}>
          {testing ? 'Probando… (puede tardar unos segundos)' : 'Probar firma y envío'}
        </button>
        {trialError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {trialError}
          </p>
        )}
        {trial && (
          <div className="space-y-1 text-sm" data-testid="trial-steps">
            <p className="text-gray-600 dark:text-gray-300">{`Destino: ${trial.target}`}</p>
            <ol className="space-y-1">
              {trial.steps.map((s) => (
                <li key={s.step} className={s.ok ? 'text-green-800 dark:text-green-200' : 'text-red-700 dark:text-red-300'}>
                  <span className="font-medium">{`${s.ok ? '✔' : '✘'} ${s.step}: `}</span>
                  <span className="break-all">{s.detail}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </section>
    </div>
  );
}
