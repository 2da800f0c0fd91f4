/** Routes of the account area: the public pages and the user's theme. */
import type { RouteDef } from '../../lib/route-def';

/** Public pages (landing layout). */
export const landingRoutes: RouteDef[] = [
  { id: 'landing', path: '/', page: 'features/auth/pages/landing', title: 'Mostrador' },
  { id: 'register', path: '/register', page: 'features/auth/pages/register', title: 'Crear cuenta' },
  { id: 'login', path: '/login', page: 'features/auth/pages/login', title: 'Iniciar sesión', data: true },
  { id: 'reset-password', path: '/login/:tokenReset', page: 'features/auth/pages/reset-password', title: 'Nueva contraseña', data: true },
  { id: 'verify-email', path: '/verify-email', page: 'features/auth/pages/verify-email', title: 'Verificar correo', data: true },
];

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-theme', path: 'tema', page: 'features/auth/pages/theme', title: 'Tema' },
];
