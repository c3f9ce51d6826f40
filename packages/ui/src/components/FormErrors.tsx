import type { FormState } from '../forms';
import { useTranslation } from '../use-translation';
import { Alert } from './Alert';

/**
 * Above a form (`useForm`'s state): a failure not about one field, and for screen readers how many fields
 * need attention after a refused submit. The live region is always there, so each new count is spoken;
 * the message itself shows beside each field, where focus goes.
 */
export function FormErrors({ form }: { form: FormState }) {
  const { t } = useTranslation('ui');
  return (
    <>
      {form.failure && <Alert kind="error">{form.failure}</Alert>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {form.attempt > 0 && form.attention > 0 && (
          // A new node per refused submit: the same count is announced again.
          <span key={form.attempt}>{t('form.attention', { count: form.attention })}</span>
        )}
      </p>
    </>
  );
}
