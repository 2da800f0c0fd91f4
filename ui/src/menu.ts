/**
 * The back-office menu. Entries point at route ids; an entry is shown only when its route exists
 * and the user's role may open it (roles live in the route table, once).
 */
import { menu as configMenu } from './features/config/menu';
import { menu as homeMenu } from './features/home/menu';
import { menu as inventoryMenu } from './features/inventory/menu';
import { menu as salesMenu } from './features/sales/menu';
import { menu as purchasesMenu } from './features/purchases/menu';
import { menu as toolsMenu } from './features/tools/menu';
import { menu as cashMenu } from './features/cash/menu';
import { menu as ebillingMenu } from './features/ebilling/menu';
import { menu as reportsMenu } from './features/reports/menu';
import { menu as receivablesMenu } from './features/receivables/menu';
import { menu as restaurantMenu } from './features/restaurant/menu';
import type { MenuItem } from './lib/menu-item';

export type { MenuEntry, MenuGroup, MenuItem } from './lib/menu-item';
export { isGroup } from './lib/menu-item';

/** The menu, area by area (each area lists its entries in `features/<area>/menu.ts`). */
export const menu: MenuItem[] = [...homeMenu, ...configMenu, ...inventoryMenu, ...cashMenu, ...salesMenu, ...receivablesMenu, ...restaurantMenu, ...purchasesMenu, ...toolsMenu, ...ebillingMenu, ...reportsMenu];
