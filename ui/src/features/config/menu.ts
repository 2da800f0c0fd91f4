/** Menu entries of the configuration area. */
import type { MenuItem } from '../../lib/menu-item';

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
