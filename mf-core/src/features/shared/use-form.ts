import { useState } from 'react';
import { useTranslation } from '@platform/ui';

/** One shape of "valid e-mail" for every form (the server checks the real format). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A form's values and its field errors: `field('email')` gives an input its value, onChange and the
 * translated error (`<errorKeys>.<code>`), so pages only lay fields out.
 */
export function useForm<F extends { [K in keyof F]: string }, Code extends string>(
  initial: F | (() => F),
  errorKeys: string,
) {
  const { t } = useTranslation('core');
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, Code>>>({});
  const field = (key: keyof F) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: errors[key] ? t(`${errorKeys}.${String(errors[key])}` as string) : undefined,
  });
  return { form, setForm, errors, setErrors, field };
}
