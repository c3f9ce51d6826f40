import { useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../use-translation';
import { Button } from './Button';
import { ModalContext } from './modal-context';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog on the page's top layer (`<dialog>` opened with showModal): above every banner and toast,
 * with the rest of the page inert until it closes, so nothing covers its form or its buttons.
 * Labelled by its title; focus starts inside and stays there; Escape closes; focus returns to the opener.
 * While a form inside (`useForm`) has input not sent, or `dirty` says so, every way out (Escape, a click
 * outside, ×, the form's `<ModalCancel>`) first asks "Discard your changes?".
 */
export function Modal({
  open,
  onClose,
  title,
  dirty = false,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  /** Input would be lost by closing: ask first. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState(false);
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const requestClose = () => (dirty || dirtyForms.size > 0 ? setAsking(true) : onClose());
  // The latest close, so a parent re-rendering (a new function) does not re-run the opening effect.
  const close = useRef(requestClose);
  close.current = requestClose;
  const context = useMemo(
    () => ({
      requestClose: () => close.current(),
      reportDirty: (form: string, isDirty: boolean) =>
        setDirtyForms((forms) => {
          if (forms.has(form) === isDirty) return forms;
          const next = new Set(forms);
          if (isDirty) next.add(form);
          else next.delete(form);
          return next;
        }),
    }),
    [],
  );

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
    <ModalContext.Provider value={context}>
      <dialog
        className="modal"
        aria-labelledby={titleId}
        ref={dialog}
        // A press on the backdrop reaches the dialog element itself (its content fills the box).
        onMouseDown={(e) => e.target === e.currentTarget && requestClose()}
      >
        <div className="modal-panel">
          <div className="modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-btn" onClick={requestClose} aria-label={t('close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="modal-body">{children}</div>
        </div>
      </dialog>
      {/* Beside the dialog, not in it: its own top-layer dialog, with its own focus trap. */}
      {asking && (
        <Modal open onClose={() => setAsking(false)} title={t('discard.title')}>
          <p>{t('discard.message')}</p>
          <div className="row confirm-actions">
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('discard.keep')}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              {t('discard.discard')}
            </Button>
          </div>
        </Modal>
      )}
    </ModalContext.Provider>
  );
}

/** A form's Cancel inside a Modal: closes it the way × does (asking first when input would be lost). */
export function ModalCancel({ children }: { children: ReactNode }) {
  const modal = useContext(ModalContext);
  return (
    <Button variant="secondary" onClick={() => modal?.requestClose()}>
      {children}
    </Button>
  );
}
