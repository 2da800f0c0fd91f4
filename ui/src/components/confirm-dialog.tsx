/** Renders the pending confirmation, if any ('Confirmar Acción'). */
import { confirmStore } from '../lib/confirm';
import { useStore } from '../lib/store';
import { Modal } from './modal';

export function ConfirmDialog() {
  const request = useStore(confirmStore);
  if (!request) return null;
  return (
    <Modal
      title={request.title}
      open
      onClose={() => request.resolve(false)}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => request.resolve(false)} data-testid="confirm-cancel">
            {request.cancelLabel ?? 'Cancelar'}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => request.resolve(true)}
            data-testid="confirm-accept"
            data-autofocus={request.enterConfirms ? '' : undefined}
          >
            {request.confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-gray-700 dark:text-gray-200">{request.message}</p>
    </Modal>
  );
}
