/** Routes of the configuration area (admins only). */
import { ADMIN } from '../../lib/api-types';
import { outlet, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  outlet('config', 'configAdmin', 'Configuración', ADMIN, [
    { id: 'config-hub', index: true, page: 'features/config/pages/hub', title: 'Configuración' },
    { id: 'config-company', path: 'empresa', page: 'features/config/pages/company', title: 'Empresa', data: true },
    { id: 'config-users', path: 'usuarios', page: 'features/config/pages/users', title: 'Usuarios', data: true },
    { id: 'config-licences', path: 'licencias', page: 'features/config/pages/licences', title: 'Licencias', data: true },
    { id: 'config-holidays', path: 'feriados', page: 'features/config/pages/holidays', title: 'Feriados', data: true },
    { id: 'config-taxes', path: 'impuestos', page: 'features/config/pages/taxes', title: 'Impuestos', data: true },
  ]),
];

/** Menu entries of the configuration area. */
export const menu: MenuItem[] = [
  menuGroup('Configuración', 'settings', [
    ['Resumen', 'config-hub'], ['Empresa', 'config-company'], ['Usuarios', 'config-users'],
    ['Licencias', 'config-licences'], ['Feriados', 'config-holidays'], ['Impuestos', 'config-taxes'],
  ]),
];
