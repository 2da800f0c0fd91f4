/** Page navigation of a list: count, previous/next and nearby page numbers. */
import { useSearchParams } from 'react-router';

export function Pagination({ page, limit, total, onPage }: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const near = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => p === 1 || p === pages || Math.abs(p - page) <= 2);
  return (
    <nav className="no-print flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Paginación">
      <p className="text-gray-600 dark:text-gray-300" data-testid="list-count">
        {total === 0 ? 'Sin registros' : `${first}–${last} de ${total}`}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-1">
          <button type="button" className="btn btn-secondary px-3 py-1" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Anterior
          </button>
          {near.map((p, i) => (
            <span key={p} className="flex items-center">
              {i > 0 && near[i - 1] !== p - 1 && <span className="px-1 text-gray-400">…</span>}
              <button
                type="button"
                className={`btn px-3 py-1 ${p === page ? 'btn-primary' : 'btn-secondary'}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </span>
          ))}
          <button type="button" className="btn btn-secondary px-3 py-1" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Siguiente
          </button>
        </div>
      )}
    </nav>
  );
}

/**
 * `Pagination` of a page of records whose number the loader reads from `?page=`: a page button
 * changes the URL (keeping the other filters), and the route loads that page.
 */
export function UrlPagination({ list, preventScrollReset }: { list: { page: number; limit: number; total: number }; preventScrollReset?: boolean }) {
  const [params, setParams] = useSearchParams();
  const onPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next, { preventScrollReset });
  };
  return <Pagination page={list.page} limit={list.limit} total={list.total} onPage={onPage} />;
}
