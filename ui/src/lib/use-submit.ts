/**
 * The one way a form sends itself to the API: `useSubmit(url)` owns what every such form kept by
 * hand — the idempotency key of a document, the field errors with the API's message, and the busy
 * state — so a page only builds its body and says what happens once the server accepts it.
 */
import { useState, type FormEvent } from 'react';
import { messages } from '../i18n/messages';
import { ApiError, apiPost } from './api';
import { newKey } from './idempotency';

/** Field name → Spanish message; `form` holds the API's message for the form as a whole. */
export type Problems = Record<string, string>;

/**
 * The problems of a failed request. The field errors, and the API's message under `form`: always
 * (a purchase shows «Línea 1: …» on the line and the summary above the button), or, with
 * `messageAlone`, only when no field carries the error (the message would repeat a field's).
 */
export function problemsOf(error: unknown, messageAlone = false): Problems {
  // `fetch` rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return { form: messages.networkError };
  if (!(error instanceof ApiError)) return { form: String(error) };
  const fields = error.fieldErrors;
  if (messageAlone && Object.keys(fields).length > 0) return fields;
  return { ...fields, form: error.body.message };
}

export interface SubmitOptions {
  /**
   * The body carries `idempotencyKey`: one key per document, kept across retries until the server
   * accepts it, so a double click or a retry after a lost answer never registers it twice.
   */
  idempotent?: boolean;
  /** The API's message only when no field error says it (see `problemsOf`). */
  messageAlone?: boolean;
}

export interface Submit<T, B extends object = object> {
  /**
   * Posts `body`; once the server accepts it, hands its answer to `then` (a toast, clearing the
   * form, revalidating). Resolves to whether it was accepted.
   */
  send: (body: B, then?: (saved: T) => unknown) => Promise<boolean>;
  busy: boolean;
  errors: Problems;
  setErrors: (update: Problems | ((current: Problems) => Problems)) => void;
}

/**
 * Sends a form's body to `url` without the error modal: the refusal's messages go to `errors`
 * (shown on the fields and under the form), the form stays as typed, and `busy` disables the
 * button meanwhile. A new idempotency key is drawn only after the server accepted the document.
 *
 * `B` is the body's type, the request type the server reads (`api-types.ts`), so a field the
 * server does not know is a type error here, not a refusal at the counter.
 *
 * @example
 * const { send, busy, errors } = useSubmit<PurchaseView, ManualBody>('/api/purchases/manual/register', { idempotent: true });
 * await send({ supplierId, lines }, (saved) => toast({ title: 'Compra manual registrada', color: 'success' }));
 */
export function useSubmit<T = unknown, B extends object = object>(url: string, { idempotent = false, messageAlone = false }: SubmitOptions = {}): Submit<T, B> {
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  async function send(body: B, then?: (saved: T) => unknown): Promise<boolean> {
    setBusy(true);
    setErrors({});
    let saved: T;
    try {
      saved = await apiPost<T>(url, idempotent ? { idempotencyKey: key, ...body } : body, { quiet: true });
    } catch (error) {
      setErrors(problemsOf(error, messageAlone));
      setBusy(false);
      return false;
    }
    if (idempotent) setKey(newKey());
    // What follows the server's answer (a revalidation, a navigation) still counts as busy.
    try {
      await then?.(saved);
    } finally {
      setBusy(false);
    }
    return true;
  }

  return { send, busy, errors, setErrors };
}

/**
 * `useSubmit` for a form whose fields are read when it is sent (uncontrolled): `onSubmit` builds
 * the body from the form's data with `toBody`; once the server accepts it the form is cleared and
 * `done` gets the answer and the data sent (for the toast, the reload).
 */
export function useFormSubmit<T = unknown, B extends object = object>(url: string, toBody: (form: FormData) => B, done: (saved: T, form: FormData) => unknown, options?: SubmitOptions) {
  const { send, busy, errors } = useSubmit<T, B>(url, options);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    await send(toBody(form), async (saved) => {
      element.reset();
      await done(saved, form);
    });
  };
  return { onSubmit, busy, errors };
}
