import { Alert } from './Alert';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * Asks before something that cannot be undone (withdraw, delete): instead of window.confirm(). A failure
 * shows inside it (`error`): the page under an open dialog is inert, so a toast there would go unread.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal open={open} onClose={onCancel} title={title}>
      <p>{message}</p>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="row confirm-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
