/** Menu entries of the inventory area. */
import type { MenuItem } from '../../menu';

export const menu: MenuItem[] = [{ label: 'Categorías', routeId: 'admin-categories', icon: 'tag' }];
