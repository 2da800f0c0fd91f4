/**
 * The shape of a back-office menu entry. The areas' `features/<area>/menu.ts` list their entries
 * with it and `menu.ts` joins them; it lives apart so the areas never import the menu that imports
 * them.
 */
import type { IconName } from '../components/icons';
import type { RouteId } from './api-types';

export interface MenuEntry {
  label: string;
  routeId: RouteId;
  icon?: IconName;
}

export interface MenuGroup {
  label: string;
  icon: IconName;
  entries: MenuEntry[];
}

export type MenuItem = MenuEntry | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'entries' in item;
