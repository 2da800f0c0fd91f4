/** The one error modal: 'Error Api' with the server's message, or 'Error', and a 'Cerrar' button. */
import { useEffect, useRef } from 'react';
import { messages } from '../i18n/messages';
import { closeErrorModal, errorModalStore } from '../lib/error-modal';
import { useStore } from '../lib/store';

export function ErrorModal() {
  const state = useStore(errorModalStore);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!state) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeErrorModal();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state]);
  if (!state) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div role="alertdialog" aria-modal="true" aria-labelledby="error-modal-title" className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900">
        <h2 id="error-modal-title" className="text-lg font-semibold text-red-700 dark:text-red-400">
          {state.title}
        </h2>
        <p className="mt-2 text-gray-700 dark:text-gray-200" data-testid="error-modal-message">
          {state.message}
        </p>
        <div className="mt-6 flex justify-end">
          <button ref={closeButton} type="button" className="btn btn-primary" onClick={closeErrorModal}>
            {messages.close}
          </button>
        </div>
      </div>
    </div>
  );
}
