import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../use-translation';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog on the page's top layer (`<dialog>` opened with showModal): above every banner and toast,
 * with the rest of the page inert until it closes, so nothing covers its form or its buttons.
 * Labelled by its title; focus starts inside and stays there; Escape closes; focus returns to the opener.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // The latest onClose, so a parent re-rendering (a new function) does not re-run the opening effect.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const el = dialog.current;
    if (!open || !el) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!el.open) el.showModal();
    (el.querySelector<HTMLElement>(FOCUSABLE) ?? el).focus();
    // Escape: the page decides (it unmounts the dialog) instead of the browser closing it behind React.
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    // Tab from the last control comes back to the first, not out to the browser's own bar.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    el.addEventListener('cancel', onCancel);
    el.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      el.removeEventListener('cancel', onCancel);
      el.removeEventListener('keydown', onKey);
      if (el.open) el.close();
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      className="modal"
      aria-labelledby={titleId}
      ref={dialog}
      // A press on the backdrop reaches the dialog element itself (its content fills the box).
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="modal-panel">
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('close')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </dialog>
  );
}
