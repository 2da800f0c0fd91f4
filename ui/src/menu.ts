/**
 * The back-office menu. Entries point at route ids; an entry is shown only when its route exists
 * and the user's role may open it (roles live in the route table, once).
 */
import { menu as configMenu } from './features/config/routes';
import { menu as homeMenu } from './features/home/routes';
import { menu as inventoryMenu } from './features/inventory/routes';
import { menu as salesMenu } from './features/sales/routes';
import { menu as purchasesMenu } from './features/purchases/routes';
import { menu as toolsMenu } from './features/tools/routes';
import { menu as cashMenu } from './features/cash/routes';
import { menu as ebillingMenu } from './features/ebilling/routes';
import { menu as reportsMenu } from './features/reports/routes';
import { menu as receivablesMenu } from './features/receivables/routes';
import { menu as restaurantMenu } from './features/restaurant/routes';
import type { MenuItem } from './lib/menu-item';

export type { MenuEntry, MenuGroup, MenuItem } from './lib/menu-item';
export { isGroup } from './lib/menu-item';

/** The menu, area by area (each area's `menu`, beside its routes in `features/<area>/routes.ts`). */
export const menu: MenuItem[] = [...homeMenu, ...configMenu, ...inventoryMenu, ...cashMenu, ...salesMenu, ...receivablesMenu, ...restaurantMenu, ...purchasesMenu, ...toolsMenu, ...ebillingMenu, ...reportsMenu];
