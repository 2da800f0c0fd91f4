/**
 * The generic list screen every module uses (specification: generic list management).
 *
 * Search (debounced 500 ms), the only-active filter, sorting and the page live in the URL, so the
 * server renders the same list and the browser's back button works. Create, edit and copy share
 * one modal form; closing it clears the selected record and the copy flag. Locked records cannot
 * be edited or deleted; deleting asks 'Confirmar Acción'. Keyboard: `/` focuses the search,
 * Alt+N opens a new record, Escape closes the form. A `readOnly` list (the stock list) is the same
 * screen without the form and the record actions.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { ApiError, apiPost } from '../../lib/api';
import { confirmDelete } from '../../lib/confirm';
import { useDebounced } from '../../lib/debounce';
import { showErrorModal } from '../../lib/error-modal';
import type { IdBody, Page } from '../../lib/api-types';
import { toast } from '../../lib/toast';
import { Icon, type IconName } from '../icons';
import { Modal } from '../modal';
import { Tooltip } from '../tooltip';
import { Pagination } from './pagination';

/** A record of a list. */
export interface Row {
  _id: number;
  locked?: boolean;
}

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  className?: string;
}

export interface RowAction<T> {
  label: string;
  icon: IconName;
  run: (row: T, done: () => void) => void | Promise<void>;
  hidden?: (row: T) => boolean;
}

export type FormMode = 'create' | 'edit' | 'copy';

export interface ListConfig<T extends Row> {
  /** API base path, e.g. `/api/item/category`. */
  base: string;
  title: string;
  description?: string;
  newLabel: string;
  emptyText: string;
  columns: Column<T>[];
  /** Label of the only-active filter (no filter when absent). */
  onlyActiveLabel?: string;
  formTitle: (mode: FormMode) => string;
  /** The fields of the form, filled from `values` (null for a new record). */
  renderForm: (props: { values: T | null; errors: Record<string, string>; mode: FormMode }) => ReactNode;
  /** The request body from the submitted form. */
  toBody: (form: FormData, mode: FormMode) => unknown;
  canCreate?: boolean;
  canCopy?: boolean;
  canLock?: boolean;
  canDelete?: boolean;
  extraActions?: RowAction<T>[];
  /** Extra filters shown in the toolbar. */
  toolbar?: ReactNode;
  /** Beside the title (e.g. «Imprimir»). */
  headerActions?: ReactNode;
  /** Under the table (e.g. the total value of a stock list). */
  footer?: ReactNode;
  /** Rows are only read: no create, edit, copy, lock or delete, no actions column. */
  readOnly?: boolean;
  /** The React key of a row, when `_id` does not tell rows apart. */
  rowKey?: (row: T) => string;
  /** Extra classes of a row (e.g. stock below its minimum). */
  rowClassName?: (row: T) => string;
  modalSize?: 'md' | 'lg';
}

interface FormState<T> {
  mode: FormMode | null;
  current: T | null;
}

const closed = { mode: null, current: null };

function report(error: unknown, setErrors?: (e: Record<string, string>) => void) {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    if (setErrors && Object.keys(fields).length > 0) setErrors(fields);
    else showErrorModal(messages.errorApiTitle, error.body.message || messages.noPermissionAction);
  } else {
    showErrorModal(messages.errorTitle, error instanceof Error ? error.message : String(error));
  }
}

export function ListScreen<T extends Row>({ config, data }: { config: ListConfig<T>; data: Page<T> }) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const settled = useDebounced(search);
  const [form, setForm] = useState<FormState<T>>(closed);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const loading = navigation.state === 'loading' || revalidator.state === 'loading';

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      setParams(next, { preventScrollReset: true });
    },
    [params, setParams],
  );

  useEffect(() => {
    if ((params.get('search') ?? '') !== settled) update({ search: settled, page: null });
    // Only the settled search text triggers a new query.
  }, [settled]);

  const canCreate = config.canCreate !== false && !config.readOnly;
  const open = (mode: FormMode, current: T | null) => {
    setErrors({});
    setForm({ mode, current });
  };
  // Closing clears the selected record and the copy flag.
  const close = useCallback(() => {
    setForm(closed);
    setErrors({});
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName);
      if (e.key === '/' && !typing) {
        e.preventDefault();
        searchInput.current?.focus();
      }
      if (e.altKey && e.key.toLowerCase() === 'n' && canCreate) {
        e.preventDefault();
        open('create', null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canCreate]);

  const refresh = () => revalidator.revalidate();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.mode) return;
    const body = config.toBody(new FormData(e.currentTarget), form.mode);
    const url = form.mode === 'edit' && form.current ? `${config.base}/${form.current._id}/update` : `${config.base}/register`;
    setBusy(true);
    try {
      const saved = await apiPost<{ warnings?: { message: string }[] } | null>(url, body, { quiet: true });
      toast({ title: 'Registro guardado', color: 'success' });
      // Saved with warnings (e.g. a price below cost): said once more, the save stands.
      for (const w of saved?.warnings ?? []) toast({ title: w.message, color: 'warning' });
      close();
      refresh();
    } catch (error) {
      report(error, setErrors);
    } finally {
      setBusy(false);
    }
  };

  const lock = async (row: T) => {
    try {
      await apiPost(`${config.base}/${row._id}/lock`, {}, { quiet: true });
      toast({ title: row.locked ? 'Registro desbloqueado' : 'Registro bloqueado', color: 'success' });
      refresh();
    } catch (error) {
      report(error);
    }
  };

  const remove = async (row: T) => {
    if (!data.results.some((r) => r._id === row._id)) {
      showErrorModal(messages.errorApiTitle, 'No existe el registro en la tabla');
      return;
    }
    if (!(await confirmDelete())) return;
    try {
      await apiPost(`${config.base}/delete`, { _id: row._id } satisfies IdBody, { quiet: true });
      toast({ title: 'Registro eliminado', color: 'success' });
      if (data.results.length === 1 && data.page > 1) update({ page: String(data.page - 1) });
      else refresh();
    } catch (error) {
      report(error);
    }
  };

  const sort = params.get('sort');
  const descending = params.get('order') === 'desc';
  const toggleSort = (key: string) =>
    update({ sort: key, order: sort === key && !descending ? 'desc' : null, page: null });

  const actionButton = (label: string, icon: IconName, onClick: () => void, disabled = false, testId?: string) => (
    <Tooltip label={disabled ? `${label} (registro bloqueado)` : label}>
      <button type="button" className="btn-ghost rounded disabled:opacity-40" onClick={onClick} disabled={disabled} aria-label={label} data-testid={testId}>
        <Icon name={icon} className="h-4 w-4" />
      </button>
    </Tooltip>
  );

  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{config.title}</h1>
          {config.description && <p className="text-sm text-gray-600 dark:text-gray-300">{config.description}</p>}
        </div>
        <div className="flex items-center gap-2">
          {config.headerActions}
          {canCreate && (
            <button type="button" className="btn btn-primary" onClick={() => open('create', null)} title="Alt+N">
              <Icon name="plus" className="h-4 w-4" />
              {config.newLabel}
            </button>
          )}
        </div>
      </header>

      <div className="no-print flex flex-wrap items-center gap-3">
        <label className="relative min-w-64 flex-1">
          <span className="sr-only">Buscar</span>
          <Icon name="search" className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-400" />
          <input
            ref={searchInput}
            type="search"
            className="input pl-9"
            placeholder="Buscar… (tecla /)"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="list-search"
          />
        </label>
        {config.onlyActiveLabel && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-primary-600"
              checked={params.get('onlyActive') === 'true'}
              onChange={(e) => update({ onlyActive: e.target.checked ? 'true' : null, page: null })}
            />
            {config.onlyActiveLabel}
          </label>
        )}
        {config.toolbar}
      </div>

      <div className="card overflow-x-auto p-0" aria-busy={loading}>
        {loading && <div className="h-1 w-full animate-pulse bg-primary-500" role="progressbar" aria-label="Cargando" />}
        <table className={`w-full text-left text-sm ${loading ? 'opacity-60' : ''}`} data-testid="list-table">
          <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300">
            <tr>
              {config.columns.map((c) => (
                <th key={c.key} className={`px-4 py-2 ${c.className ?? ''}`} aria-sort={sort === c.key ? (descending ? 'descending' : 'ascending') : undefined}>
                  {c.sortable ? (
                    <button type="button" className="inline-flex items-center gap-1 uppercase" onClick={() => toggleSort(c.key)}>
                      {c.label}
                      <Icon name="sort" className="h-3 w-3" />
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
              {!config.readOnly && <th className="px-4 py-2 text-right">Acciones</th>}
            </tr>
          </thead>
          <tbody>
            {data.results.length === 0 ? (
              <tr>
                <td colSpan={config.columns.length + (config.readOnly ? 0 : 1)} className="px-4 py-10 text-center text-gray-500" data-testid="list-empty">
                  {params.get('search') ? `No hay resultados para «${params.get('search')}».` : config.emptyText}
                </td>
              </tr>
            ) : (
              data.results.map((row) => (
                <tr key={config.rowKey?.(row) ?? row._id} className={`border-b border-gray-100 last:border-0 hover:bg-gray-50 dark:border-gray-800 dark:hover:bg-gray-800/50 ${config.rowClassName?.(row) ?? ''}`} data-testid="list-row">
                  {config.columns.map((c) => (
                    <td key={c.key} className={`px-4 py-2 ${c.className ?? ''}`}>
                      {c.render(row)}
                    </td>
                  ))}
                  {!config.readOnly && (
                    <td className="px-4 py-1 text-right whitespace-nowrap">
                      {config.extraActions
                        ?.filter((a) => !a.hidden?.(row))
                        .map((a) => <span key={a.label}>{actionButton(a.label, a.icon, () => a.run(row, refresh))}</span>)}
                      {actionButton('Editar', 'edit', () => open('edit', row), Boolean(row.locked), 'row-edit')}
                      {config.canCopy !== false && actionButton('Copiar', 'copy', () => open('copy', row), false, 'row-copy')}
                      {config.canLock !== false &&
                        actionButton(row.locked ? 'Desbloquear' : 'Bloquear', row.locked ? 'unlock' : 'lock', () => lock(row), false, 'row-lock')}
                      {config.canDelete !== false && actionButton('Eliminar', 'trash', () => remove(row), Boolean(row.locked), 'row-delete')}
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {config.footer}

      <Pagination page={data.page} limit={data.limit} total={data.total} onPage={(page) => update({ page: page === 1 ? null : String(page) })} />

      <Modal title={form.mode ? config.formTitle(form.mode) : ''} open={form.mode !== null} onClose={close} size={config.modalSize}>
        {form.mode && (
          <form onSubmit={submit} className="space-y-4" noValidate key={`${form.mode}-${form.current?._id ?? 'nuevo'}`}>
            {config.renderForm({ values: form.current, errors, mode: form.mode })}
            <div className="flex justify-end gap-2 pt-2">
              <button type="button" className="btn btn-secondary" onClick={close}>
                Cancelar
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
                {busy ? 'Guardando…' : 'Guardar'}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </section>
  );
}
