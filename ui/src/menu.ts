/**
 * The back-office menu. Entries point at route ids; an entry is shown only when its route exists
 * and the user's role may open it (roles live in the route table, once).
 */
import type { IconName } from './components/icons';

export interface MenuEntry {
  label: string;
  routeId: string;
  icon?: IconName;
}

export interface MenuGroup {
  label: string;
  icon: IconName;
  entries: MenuEntry[];
}

export type MenuItem = MenuEntry | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'entries' in item;

export const menu: MenuItem[] = [
  { label: 'Inicio', routeId: 'admin-home', icon: 'home' },
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
  { label: 'Categorías', routeId: 'admin-categories', icon: 'tag' },
];
