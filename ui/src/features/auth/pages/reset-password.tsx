/** New password from the e-mailed link `/login/{tokenReset}`. */
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
} from 'react-router';
import { Field, Notice, SubmitButton } from '../../../components/form';
import { ApiError, apiPost } from '../../../lib/api';
import type { ResetBody, ResetPasswordPage } from '../../../lib/api-types';
import { toast } from '../../../lib/toast';

interface ResetResult {
  message?: string;
  errors?: Record<string, string>;
}

export async function action({ request, params }: ActionFunctionArgs): Promise<ResetResult | Response> {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  const confirm = String(form.get('confirm') ?? '');
  if (password !== confirm) return { errors: { confirm: 'Las contraseñas no coinciden' } };
  try {
    const res = await apiPost<{ message: string }>(
      '/api/auth/reset-password',
      { token: params.tokenReset, password } satisfies ResetBody,
      { quiet: true },
    );
    toast({ title: 'Contraseña actualizada', description: res.message, color: 'success' });
    return redirect('/login');
  } catch (error) {
    if (error instanceof ApiError) return { message: error.body.message, errors: error.fieldErrors };
    throw error;
  }
}

export default function ResetPassword() {
  /** Whether the link can still be used (checked by the server before the form is shown). */
  const link = useLoaderData() as ResetPasswordPage;
  const result = useActionData() as ResetResult | undefined;
  const busy = useNavigation().state === 'submitting';
  const errors = result?.errors ?? {};
  if (!link.valid) {
    return (
      <div className="card mx-auto max-w-sm space-y-5" data-testid="reset-invalid">
        <h1 className="text-2xl font-bold">Enlace no válido</h1>
        <Notice kind="error">{link.message}</Notice>
        <Link to="/login" className="btn btn-primary">
          Volver a iniciar sesión
        </Link>
      </div>
    );
  }
  return (
    <div className="card mx-auto max-w-sm space-y-5">
      <h1 className="text-2xl font-bold">Nueva contraseña</h1>
      {result?.message && !errors.password && <Notice kind="error">{result.message}</Notice>}
      <Form method="post" className="space-y-4" noValidate>
        <Field label="Nueva contraseña" name="password" type="password" autoComplete="new-password" required minLength={8} error={errors.password} hint="Al menos 8 caracteres." />
        <Field label="Repita la contraseña" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
        <SubmitButton busy={busy} busyLabel="Guardando…">
          Guardar contraseña
        </SubmitButton>
      </Form>
      <Link to="/login" className="text-sm text-primary-700 hover:underline">
        Volver a iniciar sesión
      </Link>
    </div>
  );
}
