import { useState } from 'react';
import i18next from 'i18next';
import { ApiNetworkError } from '@platform/shell-state';
import { useTranslation } from './use-translation';

/** One shape of "valid e-mail" for every form (the server checks the real format). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A form's values and its field errors: `field('email')` gives an input its value, onChange and the
 * translated error (`<ns>:<errorKeys>.<code>`), so pages only lay fields out.
 */
export function useForm<F extends { [K in keyof F]: string }, Code extends string>(
  ns: string,
  initial: F | (() => F),
  errorKeys: string,
) {
  const { t } = useTranslation(ns);
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, Code>>>({});
  const field = (key: keyof F) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
    error: errors[key] ? t(`${errorKeys}.${String(errors[key])}` as string) : undefined,
  });
  return { form, setForm, errors, setErrors, field };
}

/** A page's `t`: a key alone, or with the text to give when the key has no translation. */
type T = { (key: string): string; (key: string, options: { defaultValue: string; ns?: string }): string };

/**
 * The text for a failed call, in the user's language:
 * - no answer came: the shared 'networkError' text;
 * - the server's `code` has a translation (`serverErrors.<code>`, e.g. serverErrors.auth.email_taken)
 *   in the page's namespace, else in 'ui' (codes every page may meet, such as request.rate_limited);
 * - else the server's English message, else the page's own fallback (`t(fallbackKey)`).
 */
export function failureText(
  t: T,
  failure: { body: { message?: string; code?: string } } | unknown,
  fallbackKey: string,
): string {
  if (failure instanceof ApiNetworkError) return i18next.t('networkError', { ns: 'ui' });
  const body = (failure as { body?: { message?: string; code?: string } } | undefined)?.body;
  if (body?.code) {
    const key = `serverErrors.${body.code}`;
    // The page's own text first, then the platform's catalogue, both in the page's language.
    const translated = t(key, { defaultValue: '' }) || t(key, { ns: 'ui', defaultValue: '' });
    if (translated) return translated;
  }
  return body?.message || t(fallbackKey);
}
