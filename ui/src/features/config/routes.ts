/** Routes of the configuration area (admins only). */
import { ADMIN } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'config',
    path: 'configAdmin',
    page: 'layouts/outlet',
    title: 'Configuración',
    roles: ADMIN,
    children: [
      { id: 'config-hub', index: true, page: 'features/config/pages/hub', title: 'Configuración' },
      { id: 'config-company', path: 'empresa', page: 'features/config/pages/company', title: 'Empresa', data: true },
      { id: 'config-users', path: 'usuarios', page: 'features/config/pages/users', title: 'Usuarios', data: true },
      { id: 'config-licences', path: 'licencias', page: 'features/config/pages/licences', title: 'Licencias', data: true },
      { id: 'config-holidays', path: 'feriados', page: 'features/config/pages/holidays', title: 'Feriados', data: true },
    ],
  },
];

/** Menu entries of the configuration area. */
export const menu: MenuItem[] = [
  {
    label: 'Configuración',
    icon: 'settings',
    entries: [
      { label: 'Resumen', routeId: 'config-hub' },
      { label: 'Empresa', routeId: 'config-company' },
      { label: 'Usuarios', routeId: 'config-users' },
      { label: 'Licencias', routeId: 'config-licences' },
      { label: 'Feriados', routeId: 'config-holidays' },
    ],
  },
];
