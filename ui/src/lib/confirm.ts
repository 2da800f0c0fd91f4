import { createStore } from './store';

/** The one confirmation dialog of the app (rendered once, by the root). */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that answers no (default «Cancelar»). */
  cancelLabel?: string;
  /** The focus starts on the confirm button, so Enter confirms (Escape still answers no). */
  enterConfirms?: boolean;
  resolve: (ok: boolean) => void;
}

/** How a question is asked beyond its text. */
export interface ConfirmOptions {
  cancelLabel?: string;
  enterConfirms?: boolean;
}

export const confirmStore = createStore<ConfirmRequest | null>(null);

/** Asks the user; resolves true when they confirm. */
export function confirmAction(message: string, title = 'Confirmar Acción', confirmLabel = 'Aceptar', options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.set({
      title,
      message,
      confirmLabel,
      ...options,
      resolve: (ok) => {
        confirmStore.set(null);
        resolve(ok);
      },
    });
  });
}

/** The specification's question before deleting a record. */
export const confirmDelete = () => confirmAction('¿Está seguro de eliminar el registro?');
