/**
 * The full-screen error page of the specification: 404, 403 or any other error, with an
 * illustration, a heading with the status code, the message, 'Ir atrás' and — for a 403 with nobody
 * signed in — 'Iniciar Session'.
 */
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { messages } from '../i18n/messages';
import { toast } from '../lib/toast';
import type { RootData } from '../lib/root-data';

/** Status and message of whatever was thrown. */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'string' ? error.data : (error.data?.message ?? error.statusText);
    return { status: error.status, message };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: String(error) };
}

type Kind = 'not-found' | 'forbidden' | 'other';

function kindOf(status: number, message: string): Kind {
  if (status === 404 || message.includes('404')) return 'not-found';
  if (status === 403 || message.includes('403')) return 'forbidden';
  return 'other';
}

function Illustration({ kind }: { kind: Kind }) {
  const label = kind === 'not-found' ? '404' : kind === 'forbidden' ? '403' : '!';
  return (
    <svg viewBox="0 0 200 120" className="mx-auto h-40 w-64" role="img" aria-label={`Ilustración ${label}`}>
      <rect x="10" y="20" width="180" height="90" rx="12" className="fill-primary-50 stroke-primary-600" strokeWidth="3" />
      <rect x="10" y="20" width="180" height="18" rx="9" className="fill-primary-600" />
      <circle cx="24" cy="29" r="4" className="fill-white" />
      <circle cx="38" cy="29" r="4" className="fill-white" />
      <text x="100" y="88" textAnchor="middle" className="fill-primary-700" fontSize="40" fontWeight="700">
        {label}
      </text>
    </svg>
  );
}

export function ErrorScreen() {
  const error = useRouteError();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { status, message } = describeError(error);
  const kind = kindOf(status, message);
  const heading =
    kind === 'not-found'
      ? messages.notFoundHeading
      : kind === 'forbidden'
        ? messages.forbiddenHeading
        : messages.errorTitle;
  const signedIn = Boolean(root?.user);
  // After signing in, come back here (a printable document opened from a shared link).
  const { pathname, search } = useLocation();
  const login = `/login?volver=${encodeURIComponent(pathname + search)}`;
  // A signed-in user refused a page is told so (specification §6), on client and server renders.
  useEffect(() => {
    if (kind === 'forbidden' && signedIn) {
      toast({ title: messages.unauthorizedTitle, description: messages.noPermissionPage, color: 'error' });
    }
  }, [kind, signedIn]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-gray-50 p-6 text-center dark:bg-gray-950">
      <Illustration kind={kind} />
      <h1 className="text-2xl font-bold text-gray-900 dark:text-gray-100" data-testid="error-heading">
        {heading} {status}
      </h1>
      <p className="max-w-lg text-gray-600 dark:text-gray-300" data-testid="error-message">
        {message}
      </p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-secondary" onClick={() => window.history.back()}>
          {messages.goBack}
        </button>
        {kind === 'forbidden' && !signedIn && (
          <Link to={login} className="btn btn-primary" data-testid="error-sign-in">
            {messages.signIn}
          </Link>
        )}
      </div>
    </main>
  );
}
