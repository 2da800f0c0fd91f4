/** The e-mail verification link lands here; the server has already checked the token. */
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Notice } from '../../components/form';
import { ApiError, apiGet } from '../../lib/api';

interface VerifyResult {
  ok: boolean;
  message: string;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<VerifyResult> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    const res = await apiGet<{ message: string }>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { quiet: true });
    return { ok: true, message: res.message };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.body.message };
    throw error;
  }
}

export default function VerifyEmail() {
  const result = useLoaderData() as VerifyResult;
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
