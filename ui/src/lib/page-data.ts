/**
 * The browser's side of each page's one loader. Page data is loaded on the server (the Rust loader
 * of the route, `server/controllers/<area>/pages.rs`): a document request renders with it, and a
 * client-side navigation fetches the same data from `GET /api/page-data/{path}`. Every route of a
 * navigation shares one request.
 */
import { data, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import { apiGet } from './api';

/** A route-level failure decided by the server (forbidden, not found…). */
export interface ServerRouteError {
  __error: { status: number; message: string };
}

export function isServerRouteError(value: unknown): value is ServerRouteError {
  return typeof value === 'object' && value !== null && '__error' in value;
}

/** Returns a route's server data, or throws the error the server decided for it. */
export function routeValue(value: unknown) {
  if (isServerRouteError(value)) {
    throw data(value.__error.message, { status: value.__error.status });
  }
  return value ?? null;
}

/** Requests in flight, by URL: the loaders of one navigation start together and share one. */
const inflight = new Map<string, Promise<Record<string, unknown>>>();

/** The data of route `id` for the page being navigated to. */
export async function pageData<T>(request: Request, id: string): Promise<T> {
  const url = new URL(request.url);
  const key = `${url.pathname}${url.search}`;
  let all = inflight.get(key);
  if (!all) {
    all = apiGet<Record<string, unknown>>(`/api/page-data${key}`);
    inflight.set(key, all);
    const forget = () => inflight.delete(key);
    all.then(forget, forget);
  }
  return routeValue((await all)[id]) as T;
}

/** The client loader of a route marked `data` in the route table. */
export const pageDataLoader =
  (id: string): LoaderFunction =>
  ({ request }: LoaderFunctionArgs) =>
    pageData(request, id);
