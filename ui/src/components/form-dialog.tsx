/**
 * A record's form in a modal dialog — a zone, a table, a reservation: «Cancelar» and «Guardar» in
 * the dialog's footer, the form sent with `useSubmit` (the refusal's messages shown in place, the
 * typed values kept), and `onSaved` once the server accepts it. The page only lays out the fields.
 */
import type { FormEvent, ReactNode } from 'react';
import { useSubmit, type Problems } from '../lib/use-submit';
import { Notice } from './form';
import { Modal } from './modal';

interface FormDialogProps<T> {
  title: string;
  /** The form's id, which the footer's «Guardar» submits. */
  formId: string;
  /** Where the form is posted (`…/register` or `…/{id}/update`). */
  url: string;
  /** The request body from the submitted form. */
  toBody: (form: FormData) => object;
  onSaved: (saved: T) => unknown;
  onClose: () => void;
  size?: 'md' | 'lg';
  /** Classes of the form (its grid). */
  className: string;
  /**
   * The API's message only when no field shows the error (a name left empty), else always (a
   * reservation refused by another one names both the tables and the time).
   */
  messageAlone?: boolean;
  /** The fields, given the errors of the last refusal. */
  children: (errors: Problems) => ReactNode;
}

export function FormDialog<T>({ title, formId, url, toBody, onSaved, onClose, size, className, messageAlone = false, children }: FormDialogProps<T>) {
  const { send, busy, errors } = useSubmit<T>(url, { messageAlone });
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    await send(toBody(new FormData(e.currentTarget)), onSaved);
  };
  return (
    <Modal
      title={title}
      open
      onClose={onClose}
      size={size}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            Guardar
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={className}>
        {errors.form && (
          <div className="sm:col-span-2">
            <Notice kind="error">{errors.form}</Notice>
          </div>
        )}
        {children(errors)}
      </form>
    </Modal>
  );
}
