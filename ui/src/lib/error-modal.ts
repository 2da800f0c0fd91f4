import { createStore } from './store';

/** The one error modal of the app: 'Error Api' for failed calls, 'Error' for anything else. */
export interface ErrorModalState {
  title: string;
  message: string;
}

export const errorModalStore = createStore<ErrorModalState | null>(null);

/** Opens the error modal. */
export function showErrorModal(title: string, message: string) {
  errorModalStore.set({ title, message });
}

/** Closes the error modal. */
export function closeErrorModal() {
  errorModalStore.set(null);
}
