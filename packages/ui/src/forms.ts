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

type T = (key: string) => string;

/**
 * The spec's rule for every failed call: the server's message when it gave one, the shared
 * 'networkError' text when no answer came, else the page's own fallback (`t(fallbackKey)`).
 */
export function failureText(
  t: T,
  failure: { body: { message?: string } } | unknown,
  fallbackKey: string,
): string {
  if (failure instanceof ApiNetworkError) return i18next.t('networkError', { ns: 'ui' });
  const message = (failure as { body?: { message?: string } } | undefined)?.body?.message;
  return message || t(fallbackKey);
}
