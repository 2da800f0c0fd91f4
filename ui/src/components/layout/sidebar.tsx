/**
 * The back-office menu: groups that fold, entries filtered by the user's role. Beside the page on
 * screens wider than 768 px (it can be folded away); above the page, as an overlay, on narrower
 * ones, where it starts hidden.
 */
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { isGroup, menu, type MenuEntry, type MenuGroup } from '../../menu';
import type { Role } from '../../route-table';
import { roleAllowed, routeInfo } from '../../lib/routes-info';
import { Icon } from '../icons';

function visibleEntries(entries: MenuEntry[], role: Role) {
  return entries.filter((e) => routeInfo(e.routeId) && roleAllowed(e.routeId, role));
}

function Entry({ entry, onNavigate, nested }: { entry: MenuEntry; onNavigate: () => void; nested?: boolean }) {
  const path = routeInfo(entry.routeId)?.path ?? '/admin';
  return (
    <NavLink
      to={path}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        `flex items-center gap-3 rounded-md px-3 py-2 text-sm ${nested ? 'pl-11' : ''} ${
          isActive ? 'bg-primary-600 text-white' : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
        }`
      }
    >
      {entry.icon && <Icon name={entry.icon} />}
      {entry.label}
    </NavLink>
  );
}

function Group({ group, role, onNavigate }: { group: MenuGroup; role: Role; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const entries = visibleEntries(group.entries, role);
  const containsCurrent = entries.some((e) => routeInfo(e.routeId)?.path === pathname);
  const [open, setOpen] = useState(containsCurrent);
  if (entries.length === 0) return null;
  return (
    <div>
      <button
        type="button"
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        aria-expanded={open || containsCurrent}
        onClick={() => setOpen(!open)}
      >
        <Icon name={group.icon} />
        <span className="flex-1 text-left">{group.label}</span>
        <Icon name="chevron" className={`h-4 w-4 transition-transform ${open || containsCurrent ? 'rotate-90' : ''}`} />
      </button>
      {(open || containsCurrent) && (
        <div className="mt-1 space-y-1">
          {entries.map((e) => (
            <Entry key={e.routeId} entry={e} onNavigate={onNavigate} nested />
          ))}
        </div>
      )}
    </div>
  );
}

/** 'auto': beside the page on wide screens, hidden on narrow ones; otherwise the user's choice. */
export type SidebarState = 'auto' | 'open' | 'closed';

const visibility: Record<SidebarState, string> = { auto: 'hidden desk:block', open: 'block', closed: 'hidden' };

export function Sidebar({ role, state, onClose, onNavigate }: { role: Role; state: SidebarState; onClose: () => void; onNavigate: () => void }) {
  const items = menu.filter((item) => (isGroup(item) ? visibleEntries(item.entries, role).length > 0 : visibleEntries([item], role).length > 0));
  return (
    <>
      {state === 'open' && <div className="fixed inset-0 z-30 bg-black/40 desk:hidden" onClick={onClose} aria-hidden="true" />}
      <aside
        data-app-chrome
        id="sidebar"
        data-testid="sidebar"
        data-state={state}
        aria-label="Menú principal"
        className={`fixed inset-y-0 left-0 z-30 w-64 shrink-0 overflow-y-auto border-r border-gray-200 bg-white p-3 dark:border-gray-800 dark:bg-gray-900 desk:static desk:z-auto ${visibility[state]}`}
      >
        <div className="mb-4 flex items-center justify-between px-3 py-2">
          <span className="text-xl font-bold text-primary-700">Mostrador</span>
          <button type="button" className="btn-ghost rounded desk:hidden" onClick={onClose} aria-label="Cerrar menú">
            <Icon name="close" />
          </button>
        </div>
        <nav className="space-y-1">
          {items.map((item) =>
            isGroup(item) ? (
              <Group key={item.label} group={item} role={role} onNavigate={onNavigate} />
            ) : (
              <Entry key={item.routeId} entry={item} onNavigate={onNavigate} />
            ),
          )}
        </nav>
      </aside>
    </>
  );
}
