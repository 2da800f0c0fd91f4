/** Menu entries of the back-office home. */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [{ label: 'Inicio', routeId: 'admin-home', icon: 'home' }];
