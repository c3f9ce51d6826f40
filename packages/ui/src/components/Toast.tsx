import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../use-translation';

export type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}
interface ToastApi {
  show(toast: { kind: ToastKind; message: string }): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });
/** Toasts disappear after this long (the original's constant). */
export const TOAST_MS = 5000;

/** Messages instead of alert(): announced to screen readers, dismissible, gone after 5 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((i) => i.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show: ({ kind, message }) => {
        const id = next.current++;
        setItems((all) => [...all.slice(-3), { id, kind, message }]);
        setTimeout(() => dismiss(id), TOAST_MS);
      },
    }),
    [dismiss],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" aria-label={t('notifications')} role="region">
        {items.map((item) => (
          <div
            key={item.id}
            className={`toast toast-${item.kind}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
          >
            <span>{item.message}</span>
            <button
              type="button"
              className="icon-btn"
              onClick={() => dismiss(item.id)}
              aria-label={t('dismiss')}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  return useContext(ToastContext);
}
