/**
 * The one route table of Mostrador, as plain data.
 *
 * Both sides read it: `routes.tsx` turns it into react-router data routes for the browser and the
 * embedded engine, and the build (`ssr-bundle/build.mjs`) writes it to `routes.json` so the Rust
 * server can match a URL, enforce sign-in and roles, and load each matched route's data before it
 * asks the engine to render. Keep it free of imports from React so it can be evaluated anywhere.
 */

/** A user's role, as stored by the server. */
export type Role = 'admin' | 'user' | 'cashier';

/** The three layouts of the specification. */
export type Layout = 'default' | 'free' | 'landing';

/** One route. `page` names a module under `ui/src/pages/` (or `layouts/`) that renders it. */
export interface RouteDef {
  /** Stable id: react-router route id, hydration key and the Rust data-loader key. */
  id: string;
  /** Path relative to the parent route (react-router syntax: `:param`, `*`). */
  path?: string;
  /** Index route of its parent. */
  index?: boolean;
  /** Module rendering the route: `layouts/<name>` or `pages/<area>/<name>`. */
  page: string;
  /** Document title (Spanish). Children override their parents. */
  title?: string;
  /** Requires a signed-in user. Inherited by children. */
  auth?: boolean;
  /** Roles allowed; absent means every signed-in role. Inherited unless a child sets its own. */
  roles?: Role[];
  /** Printable document: complete HTML, no client scripts. Inherited. */
  printable?: boolean;
  /** Params that must be numeric, else the route yields 404 'Page Not Found'. */
  numericParams?: string[];
  children?: RouteDef[];
}

/** Role groups of the specification's menu table (§6). */
export const ADMIN: Role[] = ['admin'];
export const ADMIN_USER: Role[] = ['admin', 'user'];
export const WITH_CASHIER: Role[] = ['admin', 'user', 'cashier'];

export const routeTable: RouteDef[] = [
  {
    id: 'root',
    page: 'layouts/root',
    children: [
      {
        id: 'layout-landing',
        page: 'layouts/landing',
        children: [
          { id: 'landing', path: '/', page: 'pages/public/landing', title: 'Mostrador' },
          { id: 'register', path: '/register', page: 'pages/public/register', title: 'Crear cuenta' },
          { id: 'login', path: '/login', page: 'pages/public/login', title: 'Iniciar sesión' },
          {
            id: 'reset-password',
            path: '/login/:tokenReset',
            page: 'pages/public/reset-password',
            title: 'Nueva contraseña',
          },
          {
            id: 'verify-email',
            path: '/verify-email',
            page: 'pages/public/verify-email',
            title: 'Verificar correo',
          },
        ],
      },
      {
        id: 'admin',
        path: '/admin',
        page: 'layouts/default',
        auth: true,
        children: [
          { id: 'admin-home', index: true, page: 'pages/admin/home', title: 'Inicio' },
          { id: 'admin-theme', path: 'tema', page: 'pages/admin/theme', title: 'Tema' },
          { id: 'admin-categories', path: 'categorias', page: 'pages/admin/categories', title: 'Categorías', roles: ADMIN_USER },
          {
            id: 'config',
            path: 'configAdmin',
            page: 'layouts/outlet',
            title: 'Configuración',
            roles: ADMIN,
            children: [
              { id: 'config-hub', index: true, page: 'pages/config/hub', title: 'Configuración' },
              { id: 'config-company', path: 'empresa', page: 'pages/config/company', title: 'Empresa' },
              { id: 'config-users', path: 'usuarios', page: 'pages/config/users', title: 'Usuarios' },
              { id: 'config-licences', path: 'licencias', page: 'pages/config/licences', title: 'Licencias' },
              { id: 'config-holidays', path: 'feriados', page: 'pages/config/holidays', title: 'Feriados' },
            ],
          },
        ],
      },
      {
        id: 'layout-free',
        page: 'layouts/free',
        children: [
          {
            id: 'ticket-sample-a4',
            path: '/tickets/prueba/A4',
            page: 'pages/tickets/sample-a4',
            title: 'Documento de prueba A4',
            auth: true,
            printable: true,
          },
        ],
      },
      { id: 'not-found', path: '*', page: 'pages/not-found', title: 'Página no encontrada' },
    ],
  },
];
