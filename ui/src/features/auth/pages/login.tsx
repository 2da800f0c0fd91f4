/**
 * Sign-in. Works without JavaScript: the form posts to /login, which the server answers with a
 * redirect (success) or this page again with the error and the e-mail kept. With JavaScript the
 * route action calls the API instead.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Form,
  Link,
  redirect,
  redirectDocument,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router';
import { Field, Notice, SubmitButton } from '../../../components/form';
import { messages } from '../../../i18n/messages';
import { ApiError, apiPost } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { CurrentUserView, LoginBody, LoginPage, ResetRequestBody } from '../../../lib/api-types';
import type { RootData } from '../../../lib/root-data';

/** What the server (or the action) gives this page. */
type LoginData = LoginPage;

export async function action({ request }: ActionFunctionArgs): Promise<LoginData | Response> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  const back = returnPath(String(form.get('volver') ?? ''));
  try {
    const user = await apiPost<CurrentUserView>('/api/auth/login', { email, password } satisfies LoginBody, { quiet: true });
    // A printable document is loaded as a whole document (it has no client scripts).
    if (back) return redirectDocument(back);
    return redirect(user.defaultMenu || '/admin');
  } catch (error) {
    if (error instanceof ApiError) return { email, error: error.body.message };
    throw error;
  }
}

function ForgotPassword({ initialEmail }: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [message, setMessage] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const username = String(new FormData(e.currentTarget).get('username') ?? '');
    setState('busy');
    try {
      const res = await apiPost<{ message: string }>('/api/auth/gerateReset-password', { username } satisfies ResetRequestBody);
      setMessage(res.message);
      setState('sent');
    } catch {
      setState('idle');
    }
  };
  if (!open) {
    return (
      <button type="button" className="text-sm text-primary-700 hover:underline" onClick={() => setOpen(true)}>
        ¿Olvidó su contraseña?
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-gray-200 p-4 dark:border-gray-700">
      <p className="text-sm text-gray-600 dark:text-gray-300">Le enviaremos un enlace para crear una nueva contraseña.</p>
      <Field label="Correo electrónico" name="username" type="email" required defaultValue={initialEmail} id="reset-username" />
      {state === 'sent' ? (
        <Notice kind="success">{message}</Notice>
      ) : (
        <SubmitButton busy={state === 'busy'} busyLabel="Enviando…">
          Enviar enlace
        </SubmitButton>
      )}
    </form>
  );
}

/** A path of this site to return to after signing in (`?volver=`), or null (same rule as the server). */
export function returnPath(value: string | null): string | null {
  const path = (value ?? '').trim();
  const safe =
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && path.length <= 2000 && !/[\u0000-\u001f\u007f]/.test(path);
  return safe ? path : null;
}

export default function Login() {
  const loaded = useLoaderData() as LoginData | null;
  const acted = useActionData() as LoginData | undefined;
  const root = useRouteLoaderData('root') as RootData | undefined;
  const navigation = useNavigation();
  const state = acted ?? loaded ?? {};
  const busy = navigation.state === 'submitting';
  const authRequired = Boolean(loaded?.authRequired);
  const back = returnPath(useSearchParams()[0].get('volver'));
  useEffect(() => {
    if (authRequired) toast({ title: messages.unauthorizedTitle, description: messages.mustSignIn, color: 'error' });
  }, [authRequired]);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="card space-y-5">
        <h1 className="text-2xl font-bold">Iniciar sesión</h1>
        {authRequired && !acted && <Notice kind="error">{messages.mustSignIn}</Notice>}
        {state.notice && <Notice kind="success">{state.notice}</Notice>}
        {state.error && <Notice kind="error">{state.error}</Notice>}
        <Form method="post" action="/login" className="space-y-4" replace>
          <input type="hidden" name="_csrf" value={root?.csrf ?? ''} />
          {back && <input type="hidden" name="volver" value={back} />}
          <Field label="Correo electrónico" name="email" type="email" autoComplete="username" required defaultValue={state.email} autoFocus />
          <Field label="Contraseña" name="password" type="password" autoComplete="current-password" required />
          <SubmitButton busy={busy} busyLabel="Ingresando…">
            Ingresar
          </SubmitButton>
        </Form>
        <ForgotPassword initialEmail={state.email ?? ''} />
      </div>
      <p className="text-center text-sm text-gray-600 dark:text-gray-300">
        ¿No tiene cuenta?{' '}
        <Link to="/register" className="font-medium text-primary-700 hover:underline">
          Crear cuenta
        </Link>
      </p>
    </div>
  );
}
