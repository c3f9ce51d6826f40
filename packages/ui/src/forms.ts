import { useEffect, useId, useState } from 'react';
import i18next from 'i18next';
import { ApiNetworkError } from '@platform/shell-state';
import { useTranslation } from './use-translation';
import { useReportDirty } from './components/modal-context';

/** One shape of "valid e-mail" for every form (the server checks the real format). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Failure = { body: { message?: string; code?: string } } | unknown;

export interface FormOptions<F> {
  /** Server codes about one field (`auth.email_taken` → email): their text shows at that field. */
  serverFields?: Record<string, keyof F>;
  /**
   * Values loaded from a service (a saved profile): the form shows them until the person types. A later
   * answer (a refetch after a language switch, a remount, another tab) never overwrites typed input.
   */
  source?: F | null;
  /**
   * The form's own check (the one its submit passes to `check`): with it, a field's error leaves as soon
   * as the field is fixed (and only then); without it, as soon as the field is edited.
   */
  validate?: (form: F) => Partial<Record<keyof F, string>>;
}

/**
 * A form's values and its errors, the same way on every form:
 * - `field('email')` gives an input its id, value, onChange and the translated error
 *   (`<ns>:<errorKeys>.<code>`), which the field shows beside itself (aria-invalid, aria-describedby);
 * - `check(found)` on submit: false when a field is invalid, and then the first invalid field (in page
 *   order) gets focus and is scrolled into view, and `<FormErrors>` announces how many need attention;
 * - `fail(result, fallbackKey)` after a failed call: a code about a field (`serverFields`) shows at the
 *   field, anything else above the form; `succeed(text)` after a call that worked. `<FormErrors>` shows
 *   either outcome and moves focus to it (scrolled into view), so it is read where the person is looking;
 * - an error at a field leaves once the field is fixed (`validate`), not at the next submit.
 * Values live in React state only, and loaded values (`source`) never replace typed ones: switching the
 * language, or data loading again, keeps what the person typed.
 */
export function useForm<F extends { [K in keyof F]: string }, Code extends string>(
  ns: string,
  initial: F | (() => F),
  errorKeys: string,
  options: FormOptions<F> = {},
) {
  const { t } = useTranslation(ns);
  const base = useId();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof F, Code>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof F, string>>>({});
  const [failure, setFailureText] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Bumped by each outcome shown above the form (a failure, a success): <FormErrors> moves focus to it,
  // even when the same text comes again.
  const [said, setSaid] = useState(0);
  // Bumped by each refused submit: moves focus and makes the summary speak again.
  const [attempt, setAttempt] = useState(0);
  // Typed into by the person (not filled in by the page): a dialog asks before throwing it away.
  const [dirty, setDirty] = useState(false);
  // Inside a Modal, closing it first asks "Discard your changes?".
  useReportDirty(base, dirty);
  const idOf = (key: keyof F) => `${base}-${String(key)}`;

  const sourceKey = options.source ? JSON.stringify(options.source) : null;
  useEffect(() => {
    if (options.source && !dirty) setForm(options.source);
    // Compared by value: a new object with the same values is the same source.
  }, [sourceKey]);
  const errorOf = (key: keyof F) =>
    errors[key] ? t(`${errorKeys}.${String(errors[key])}` as string) : serverErrors[key];
  const invalid = (Object.keys(form) as Array<keyof F>).filter((key) => errorOf(key));

  useEffect(() => {
    if (attempt === 0) return;
    const first = invalid
      .map((key) => document.getElementById(idOf(key)))
      .filter((el): el is HTMLElement => el !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center' });
    // Only a new refused submit moves focus, never a re-render while the person types.
  }, [attempt]);

  const field = (key: keyof F) => ({
    id: idOf(key),
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...form, [key]: e.target.value };
      setDirty(true);
      setForm((f) => ({ ...f, [key]: e.target.value }));
      // An error says what is wrong now: it leaves as soon as its cause does, not at the next submit.
      if (errors[key]) {
        const still = options.validate?.(next)[key] as Code | undefined;
        setErrors((found) => ({ ...found, [key]: still }));
      }
      if (serverErrors[key]) setServerErrors((found) => ({ ...found, [key]: undefined }));
    },
    error: errorOf(key),
  });

  /** Submit's first step: shows `found` at the fields; false (and focus on the first) when any. */
  function check(found: Partial<Record<keyof F, Code>>): boolean {
    setErrors(found);
    setServerErrors({});
    setFailureText(null);
    setSuccess(null);
    if (Object.keys(found).length === 0) return true;
    setAttempt((n) => n + 1);
    return false;
  }

  /** A failed call: its text at the field it concerns, else above the form. */
  function fail(result: Failure, fallbackKey: string) {
    const text = failureText(t, result, fallbackKey);
    const code = (result as { body?: { code?: string } } | undefined)?.body?.code;
    const key = code ? options.serverFields?.[code] : undefined;
    if (key) {
      setServerErrors({ [key]: text } as Partial<Record<keyof F, string>>);
      setAttempt((n) => n + 1);
    } else setFailure(text);
  }

  /** A failure not about one field (null: none), shown above the form and given focus. */
  function setFailure(text: string | null) {
    setFailureText(text);
    if (text === null) return;
    setSuccess(null);
    setSaid((n) => n + 1);
  }

  /** The call worked: `text` shown above the form and given focus (after `reset`, if the form clears). */
  function succeed(text: string) {
    setFailureText(null);
    setSuccess(text);
    setSaid((n) => n + 1);
  }

  /** Back to `values` as saved (after a save, or a reset): nothing left to lose. */
  function reset(values: F) {
    setForm(values);
    setErrors({});
    setServerErrors({});
    setFailureText(null);
    setSuccess(null);
    setDirty(false);
  }

  return {
    form,
    setForm,
    errors,
    setErrors,
    field,
    check,
    fail,
    succeed,
    reset,
    /** A failure not about one field, for <FormErrors>. */
    failure,
    setFailure,
    /** What a call that worked said (`succeed`), for <FormErrors>. */
    success,
    said,
    /** How many fields show an error, and the refused submit it is from (for <FormErrors>). */
    attention: invalid.length,
    attempt,
    dirty,
  };
}

/** What `<FormErrors>` reads of a form. */
export type FormState = Pick<
  ReturnType<typeof useForm>,
  'failure' | 'success' | 'said' | 'attention' | 'attempt'
>;

/** A page's `t`: a key alone, or with the text to give when the key has no translation. */
type T = { (key: string): string; (key: string, options: { defaultValue: string; ns?: string }): string };

/**
 * The text for a failed call, in the user's language:
 * - no answer came: the shared 'networkError' text;
 * - the server's `code` has a translation (`serverErrors.<code>`, e.g. serverErrors.auth.email_taken)
 *   in the page's namespace, else in 'ui' (codes every page may meet, such as request.rate_limited),
 *   followed by its `hints` translated from 'ui' (`serverHints.<hint>`: a password estimator's feedback);
 * - else the server's English message, else the page's own fallback (`t(fallbackKey)`).
 */
export function failureText(t: T, failure: Failure, fallbackKey: string): string {
  if (failure instanceof ApiNetworkError) return i18next.t('networkError', { ns: 'ui' });
  const body = (failure as { body?: { message?: string; code?: string; hints?: unknown } } | undefined)?.body;
  if (body?.code) {
    const key = `serverErrors.${body.code}`;
    // The page's own text first, then the platform's catalogue, both in the page's language.
    const values = { defaultValue: '', ...valuesOf(body) };
    const translated = t(key, values) || t(key, { ...values, ns: 'ui' });
    if (translated) return [translated, ...hintTexts(t, body.hints)].join(' ');
  }
  return body?.message || t(fallbackKey);
}

/**
 * The answer's own fields a code's text may quote (`{{reason}}`, `{{until, datetime}}`): its strings and
 * numbers, a timestamp as a Date so that i18next formats it in the page's language.
 */
function valuesOf(body: object): Record<string, string | number | Date> {
  const values: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'message' || name === 'code') continue;
    if (typeof value === 'number') values[name] = value;
    else if (typeof value === 'string')
      values[name] = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value) ? new Date(value) : value;
  }
  return values;
}

/** The server's hints (`warning.similarToCommon`) the platform's catalogue translates; others are left out. */
function hintTexts(t: T, hints: unknown): string[] {
  if (!Array.isArray(hints)) return [];
  return hints
    .filter((h): h is string => typeof h === 'string')
    .map((h) => t(`serverHints.${h}`, { ns: 'ui', defaultValue: '' }))
    .filter(Boolean);
}
