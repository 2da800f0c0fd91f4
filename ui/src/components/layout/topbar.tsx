/** The top bar: menu button, company, branch selector and the user menu. */
import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { ApiError, apiPost } from '../../lib/api';
import { useLogout } from '../../lib/session';
import { toast } from '../../lib/toast';
import type { BranchOfficeView, ChangeBranchBody, CompanySelectedData, CurrentUserView } from '../../lib/api-types';
import { Icon } from '../icons';

const roleNames = { admin: 'Administrador', user: 'Usuario', cashier: 'Cajero' } as const;

function BranchSelector({ user, branches }: { user: CurrentUserView; branches: BranchOfficeView[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const current = user.companySelectedData.branchOffice;
  if (branches.length === 0) return null;
  const change = async (id: string) => {
    setBusy(true);
    try {
      const data = await apiPost<CompanySelectedData>('/api/auth/changeBranchOffice', { branchOffice: Number(id) } satisfies ChangeBranchBody);
      toast({ title: 'Sucursal cambiada', description: `Ahora trabaja en ${data.branchOffice?.code} · ${data.branchOffice?.name}`, color: 'success' });
      revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="hidden sm:inline text-gray-500">Sucursal</span>
      <select
        className="input w-auto max-w-[8rem] py-1 sm:max-w-none"
        value={current?._id ?? ''}
        onChange={(e) => change(e.target.value)}
        disabled={busy || branches.length < 2}
        data-testid="branch-selector"
        aria-label="Sucursal"
      >
        {branches.map((b) => (
          <option key={b._id} value={b._id}>
            {`${b.code} · ${b.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}

function UserMenu({ user }: { user: CurrentUserView }) {
  const [open, setOpen] = useState(false);
  const { logout, busy } = useLogout();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('mousedown', onClick);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onClick);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="relative" ref={box}>
      <button type="button" className="btn btn-secondary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Icon name="user" className="h-4 w-4" />
        <span className="max-w-[7rem] truncate sm:max-w-[14rem]" data-testid="current-user">
          {user.name}
        </span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900">
          <p className="px-3 py-2 text-xs text-gray-500">
            {user.email}
            <br />
            {roleNames[user.role]}
          </p>
          <Link role="menuitem" to="/admin/tema" className="flex items-center gap-2 rounded px-3 py-2 text-sm hover:bg-gray-100 dark:hover:bg-gray-800" onClick={() => setOpen(false)}>
            <Icon name="palette" className="h-4 w-4" /> Tema
          </Link>
          <button role="menuitem" type="button" className="flex w-full items-center gap-2 rounded px-3 py-2 text-sm hover:bg-gray-100 dark:hover:bg-gray-800" onClick={logout} disabled={busy}>
            <Icon name="logout" className="h-4 w-4" /> Cerrar sesión
          </button>
        </div>
      )}
    </div>
  );
}

export function Topbar({ user, branches, onMenu }: { user: CurrentUserView; branches: BranchOfficeView[]; onMenu: () => void }) {
  return (
    <header data-app-chrome className="flex min-w-0 items-center gap-2 border-b sm:gap-3 border-gray-200 bg-white px-4 py-2 dark:border-gray-800 dark:bg-gray-900">
      <button type="button" className="btn-ghost rounded" onClick={onMenu} aria-label="Menú" aria-controls="sidebar" data-testid="menu-button">
        <Icon name="menu" />
      </button>
      <span className="min-w-0 truncate font-semibold" data-testid="company-name">
        {user.companyName ?? 'Sin empresa'}
      </span>
      <span className="hidden text-sm text-gray-500 md:inline" data-testid="current-branch">
        {user.companySelectedData.branchOffice
          ? `${user.companySelectedData.branchOffice.code} · ${user.companySelectedData.branchOffice.name}`
          : ''}
      </span>
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        <BranchSelector user={user} branches={branches} />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
