/** The generic list contract on the client: `{results, total, page, limit}` and its query. */
import { apiGet } from './api';

export interface ListResponse<T> {
  results: T[];
  total: number;
  page: number;
  limit: number;
}

/** Query parameters a list page passes through to its API. */
export const LIST_PARAMS = ['search', 'onlyActive', 'page', 'limit', 'sort', 'order'] as const;

/** The API query for the list page at `url` (plus any `extra` parameters the page uses). */
export function listQuery(url: URL, extra: string[] = []): string {
  const query = new URLSearchParams();
  for (const key of [...LIST_PARAMS, ...extra]) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return query.toString();
}

/** Loads one page of `base` for the list page being navigated to. */
export function fetchList<T>(base: string, request: Request, extra: string[] = []) {
  const query = listQuery(new URL(request.url), extra);
  return apiGet<ListResponse<T>>(query ? `${base}?${query}` : base);
}
