/**
 * Browser entry: hydrates the server-rendered page with the data the server embedded, then
 * navigates client-side. Lazy page modules of the first URL are loaded before hydrating, or the
 * first render would not match the server's HTML.
 */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { messages } from './i18n/messages';
import { showErrorModal } from './lib/error-modal';
import { watchForNewVersion } from './lib/new-version';
import { setRouter } from './lib/router-ref';
import { createRoutes } from './routes';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

async function resolveLazyMatches(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => typeof m.route.lazy === 'function')
      .map(async (m) => {
        const lazy = m.route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
  );
}

function reportUnhandled(message: string) {
  showErrorModal(messages.errorTitle, message);
}

async function main() {
  const hydration = document.getElementById('__hydration');
  if (hydration?.textContent) window.__staticRouterHydrationData = JSON.parse(hydration.textContent);
  const routes = createRoutes('client');
  await resolveLazyMatches(routes);
  const router = createBrowserRouter(routes);
  setRouter(router);
  const container = document.getElementById('root');
  if (!container) throw new Error('Falta el contenedor #root');
  hydrateRoot(
    container,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  document.documentElement.dataset.hydrated = 'true';
  watchForNewVersion();
}

window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason;
  if (reason && typeof reason === 'object' && 'status' in reason) return; // API errors already reported
  reportUnhandled(reason instanceof Error ? reason.message : String(reason));
});

main().catch((error: unknown) => {
  console.error('No se pudo iniciar la aplicación', error);
  reportUnhandled(error instanceof Error ? error.message : String(error));
  throw error;
});
