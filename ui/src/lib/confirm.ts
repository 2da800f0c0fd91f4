import { createStore } from './store';

/** The one confirmation dialog of the app (rendered once, by the root). */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

export const confirmStore = createStore<ConfirmRequest | null>(null);

/** Asks the user; resolves true when they confirm. */
export function confirmAction(message: string, title = 'Confirmar Acción', confirmLabel = 'Aceptar'): Promise<boolean> {
  return new Promise((resolve) => {
    confirmStore.set({
      title,
      message,
      confirmLabel,
      resolve: (ok) => {
        confirmStore.set(null);
        resolve(ok);
      },
    });
  });
}

/** The specification's question before deleting a record. */
export const confirmDelete = () => confirmAction('¿Está seguro de eliminar el registro?');
