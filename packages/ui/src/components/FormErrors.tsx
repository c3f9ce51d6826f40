import { useEffect, useRef } from 'react';
import type { FormState } from '../forms';
import { useTranslation } from '../use-translation';
import { Alert } from './Alert';

/**
 * Above a form (`useForm`'s state): its outcome — a failure not about one field, or what a call that worked
 * said (`succeed`) — and for screen readers how many fields need attention after a refused submit. Each new
 * outcome takes focus and is scrolled into view: it is read where the person is looking, not above the
 * screen's top edge while focus stays on a button. The live region is always there, so each new count is
 * spoken; the message itself shows beside each field, where focus goes.
 */
export function FormErrors({ form }: { form: FormState }) {
  const { t } = useTranslation('ui');
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = outcome.current;
    if (form.said === 0 || !el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'center' });
  }, [form.said]);
  const text = form.failure ?? form.success;
  return (
    <>
      {text && (
        <div ref={outcome} tabIndex={-1} className="form-outcome">
          <Alert kind={form.failure ? 'error' : 'success'}>{text}</Alert>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {form.attempt > 0 && form.attention > 0 && (
          // A new node per refused submit: the same count is announced again.
          <span key={form.attempt}>{t('form.attention', { count: form.attention })}</span>
        )}
      </p>
    </>
  );
}
