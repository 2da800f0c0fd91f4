/**
 * The shape of a back-office menu entry. The areas list their entries with it as the `menu` of
 * `features/<area>/routes.ts` and `menu.ts` joins them; it lives apart so the areas never import
 * the menu that imports them. Free of React (its one import is a type), like the route table that
 * imports the areas' routes modules.
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

/** A group of the menu, its entries given as `[label, route id]` pairs, a few to a line. */
export const menuGroup = (label: string, icon: IconName, entries: [string, RouteId][]): MenuGroup => ({
  label,
  icon,
  entries: entries.map(([entryLabel, routeId]) => ({ label: entryLabel, routeId })),
});
