/** Menu entries of the back-office home. */
import type { MenuItem } from '../../menu';

export const menu: MenuItem[] = [{ label: 'Inicio', routeId: 'admin-home', icon: 'home' }];
