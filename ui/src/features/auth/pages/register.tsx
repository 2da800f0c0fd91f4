/** Sign-up: e-mail, password and name; the server sends a verification e-mail. */
import { Form, Link, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { Field, Notice, SubmitButton } from '../../../components/form';
import { ApiError, apiPost } from '../../../lib/api';
import type { SignupBody } from '../../../lib/api-types';

interface RegisterResult {
  ok?: boolean;
  email?: string;
  message?: string;
  errors?: Record<string, string>;
}

export async function action({ request }: ActionFunctionArgs): Promise<RegisterResult> {
  const form = await request.formData();
  const body = {
    email: String(form.get('email') ?? ''),
    password: String(form.get('password') ?? ''),
    name: String(form.get('name') ?? ''),
  } satisfies SignupBody;
  try {
    const res = await apiPost<{ message: string }>('/api/auth/signup', body, { quiet: true });
    return { ok: true, email: body.email, message: res.message };
  } catch (error) {
    if (error instanceof ApiError) return { message: error.body.message, errors: error.fieldErrors };
    throw error;
  }
}

export default function Register() {
  const result = useActionData() as RegisterResult | undefined;
  const busy = useNavigation().state === 'submitting';
  if (result?.ok) {
    return (
      <div className="card mx-auto max-w-md space-y-4" data-testid="signup-done">
        <h1 className="text-2xl font-bold">Revise su correo</h1>
        <Notice kind="success">{result.message}</Notice>
        <Link to="/login" className="btn btn-secondary">
          Ir a iniciar sesión
        </Link>
      </div>
    );
  }
  const errors = result?.errors ?? {};
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="card space-y-5">
        <h1 className="text-2xl font-bold">Crear cuenta</h1>
        {result?.message && Object.keys(errors).length === 0 && <Notice kind="error">{result.message}</Notice>}
        <Form method="post" className="space-y-4" noValidate>
          <Field label="Nombre" name="name" autoComplete="name" required error={errors.name} />
          <Field label="Correo electrónico" name="email" type="email" autoComplete="email" required error={errors.email} />
          <Field
            label="Contraseña"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            error={errors.password}
            hint="Al menos 8 caracteres."
          />
          <SubmitButton busy={busy} busyLabel="Creando cuenta…">
            Crear cuenta
          </SubmitButton>
        </Form>
      </div>
      <p className="text-center text-sm text-gray-600 dark:text-gray-300">
        ¿Ya tiene cuenta?{' '}
        <Link to="/login" className="font-medium text-primary-700 hover:underline">
          Iniciar sesión
        </Link>
      </p>
    </div>
  );
}
