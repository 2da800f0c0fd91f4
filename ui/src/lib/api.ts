/**
 * The one API client. Every call sends the CSRF header, parses the server's error shape
 * `{statusCode, message, errors}` and, unless the caller handles errors itself (`quiet`),
 * reports them in the 'Error Api' modal as the specification requires.
 */
import { messages } from '../i18n/messages';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './cookies';
import { showErrorModal } from './error-modal';

/** The JSON body of every API error. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  /** Field name → Spanish message, for validation errors. */
  errors?: Record<string, string>;
  /** The server's id of the request (`X-Request-Id`), to find it in the server log. */
  requestId?: string;
}

/** A failed API call. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  /** Field errors of a validation failure (empty when there are none). */
  get fieldErrors(): Record<string, string> {
    return this.body.errors ?? {};
  }
}

export interface ApiOptions {
  /** Do not open the error modal; the caller shows the error itself. */
  quiet?: boolean;
  signal?: AbortSignal;
}

async function parseError(response: Response): Promise<ApiErrorBody> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    return { statusCode: response.status, message: body.message ?? '', errors: body.errors, requestId };
  } catch {
    return { statusCode: response.status, message: '', requestId };
  }
}

function report(error: ApiError) {
  if (error.status === 401 && !error.body.message) {
    showErrorModal(messages.errorApiTitle, messages.noPermissionAction);
    return;
  }
  const message = error.body.message || `${messages.errorTitle} ${error.status}`;
  // An internal error is looked up in the server log by its request id: show it to quote.
  const reference = error.status >= 500 && error.body.requestId ? ` (${messages.reference}: ${error.body.requestId})` : '';
  showErrorModal(messages.errorApiTitle, `${message}${reference}`);
}

/** Calls `/api…` and returns the parsed JSON. Throws `ApiError` on a non-2xx answer. */
export async function api<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const csrf = readCookie(CSRF_COOKIE);
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (!options.quiet) showErrorModal(messages.errorTitle, messages.networkError);
    throw cause;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await parseError(response));
    // A 401 while loading a page means the session ended: the guard redirects to /login with
    // its own notice, so a modal on top would only repeat it.
    const sessionEnded = error.status === 401 && method === 'GET';
    if (!options.quiet && !sessionEnded) report(error);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Sends a multipart form (file uploads) with the CSRF header; errors are reported like `api`. */
export async function apiUpload<T>(url: string, form: FormData, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const response = await fetch(url, { method: 'POST', headers, body: form, credentials: 'same-origin' });
  if (!response.ok) {
    const error = new ApiError(response.status, await parseError(response));
    if (!options.quiet) report(error);
    throw error;
  }
  return (await response.json()) as T;
}

export const apiGet = <T>(url: string, options?: ApiOptions) => api<T>('GET', url, undefined, options);
export const apiPost = <T>(url: string, body?: unknown, options?: ApiOptions) =>
  api<T>('POST', url, body ?? {}, options);
