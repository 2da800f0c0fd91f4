/**
 * Engine entry: defines `globalThis.render(requestJson) → Promise<response>`, the only function
 * the Rust server calls (see server/ssr/protocol.rs for both shapes). A page's answer is three
 * parts joined by newlines — a JSON head, the hydration data (JSON text, which never holds a raw
 * newline) and the markup as it is — so the markup is neither escaped into JSON here nor unescaped
 * by the server: a long printable costs one copy, not three passes.
 *
 * The server has already authenticated the request and loaded each matched route's data; here
 * react-router runs its static handler with that data as the request context, then React renders
 * the matched routes to a string. Hydration data is returned separately so the Rust shell can embed
 * it outside the hydrated `#root` (a script inside it would break hydration).
 */
import './polyfills';
import { renderToString } from 'react-dom-server-legacy';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router';
import { createRoutes, type ServerContext } from '../../ui/src/routes';

interface RenderInput {
  url: string;
  data: ServerContext['data'];
  /** False for a printable page, which carries no scripts: its hydration data is not built. */
  hydrate?: boolean;
}

type RenderHead =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; title: string | null };

const handler = createStaticHandler(createRoutes('server'));

/** Same encoding as react-router's own `StaticRouterProvider`, so the browser router revives errors. */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[id] = { ...value, __type: 'RouteErrorResponse' };
    else if (value instanceof Error) out[id] = { message: value.message, __type: 'Error' };
    else out[id] = value;
  }
  return out;
}

async function render(input: string): Promise<string> {
  const { url, data, hydrate } = JSON.parse(input) as RenderInput;
  const context = await handler.query(new Request(url), { requestContext: { data } as never });
  if (context instanceof Response) {
    const head: RenderHead = {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
    return JSON.stringify(head);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  const title =
    [...context.matches]
      .reverse()
      .map((m) => (m.route.handle as { title?: string } | undefined)?.title)
      .find(Boolean) ?? null;
  const hydration =
    hydrate === false
      ? ''
      : JSON.stringify({
          loaderData: context.loaderData,
          actionData: context.actionData,
          errors: serializeErrors(context.errors),
        });
  const head: RenderHead = { kind: 'page', status: context.statusCode, title };
  return `${JSON.stringify(head)}\n${hydration}\n${html}`;
}

(globalThis as unknown as { render: typeof render }).render = render;
