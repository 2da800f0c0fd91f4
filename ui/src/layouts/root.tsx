/**
 * The root route: loads who is signed in on every navigation, applies the access guard, keeps the
 * document title in step, and hosts the one toaster and the one error modal. Its error boundary is
 * the full-screen error page of the specification.
 */
import { useEffect } from 'react';
import { Outlet, redirect, useLoaderData, useMatches, type LoaderFunctionArgs } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorModal } from '../components/error-modal';
import { ErrorScreen } from '../components/error-screen';
import { Toaster } from '../components/toaster';
import { messages } from '../i18n/messages';
import { ApiError } from '../lib/api';
import { CSRF_COOKIE, readCookie } from '../lib/cookies';
import { currentUser } from '../lib/current-user';
import { isGuardedPath, requireSignIn } from '../lib/guard';
import { applyTheme } from '../lib/theme';
import { toast } from '../lib/toast';
import type { CurrentUserView } from '../lib/api-types';
import type { RootData } from '../lib/root-data';

export async function loader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const { pathname } = new URL(request.url);
  let user: CurrentUserView | null = null;
  try {
    user = await currentUser(request);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    // A 403 on an admin path: its message is shown and the app goes to /login.
    if (isGuardedPath(pathname)) {
      toast({ title: messages.unauthorizedTitle, description: error.body.message, color: 'error' });
      throw redirect('/login');
    }
  }
  requireSignIn(pathname, user);
  return { user, csrf: readCookie(CSRF_COOKIE) ?? '' };
}

/** The user is loaded on each navigation. */
export const shouldRevalidate = () => true;

function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · Mostrador` : 'Mostrador';
  }, [title]);
}

export default function Root() {
  useDocumentTitle();
  const { user } = useLoaderData() as RootData;
  const mode = user?.theme.mode;
  const color = user?.theme.primaryColor;
  useEffect(() => applyTheme(mode && color ? { mode, primaryColor: color } : undefined), [mode, color]);
  return (
    <>
      <Outlet />
      <Toaster />
      <ConfirmDialog />
      <ErrorModal />
    </>
  );
}

/** The error screen replaces the app, but toasts and the error modal stay available. */
export function ErrorBoundary() {
  return (
    <>
      <ErrorScreen />
      <Toaster />
      <ErrorModal />
    </>
  );
}
