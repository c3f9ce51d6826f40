import { createContext, useContext, useEffect } from 'react';

/** What a Modal offers what is inside it: closing the way × does, and being told of unsent input. */
export interface ModalContextValue {
  requestClose(): void;
  /** A form inside (by its id) has input that closing would lose, or no longer has. */
  reportDirty(form: string, dirty: boolean): void;
}

export const ModalContext = createContext<ModalContextValue | null>(null);

/** Tells the enclosing Modal, if any, whether this form has input to lose: it asks before closing. */
export function useReportDirty(form: string, dirty: boolean) {
  const modal = useContext(ModalContext);
  useEffect(() => {
    if (!modal) return;
    modal.reportDirty(form, dirty);
    return () => modal.reportDirty(form, false);
  }, [modal, form, dirty]);
}
