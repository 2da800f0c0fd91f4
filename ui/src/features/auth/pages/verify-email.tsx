/** The e-mail verification link lands here; the server has already checked the token. */
import { Link, useLoaderData } from 'react-router';
import { Notice } from '../../../components/form';
import type { VerifyEmailPage } from '../../../lib/api-types';

export default function VerifyEmail() {
  const result = useLoaderData() as VerifyEmailPage;
  return (
    <div className="card mx-auto max-w-md space-y-4" data-testid="verify-result">
      <h1 className="text-2xl font-bold">{result.ok ? 'Correo verificado' : 'No se pudo verificar'}</h1>
      <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>
      <Link to="/login" className="btn btn-primary">
        Iniciar sesión
      </Link>
    </div>
  );
}
