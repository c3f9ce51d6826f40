import { ApiNetworkError } from '@platform/shell-state';

type T = (key: string) => string;

/**
 * The spec's rule for every failed call: the server's message when it gave one, 'networkError' when no
 * answer came, else the page's own fallback text.
 */
export function failureText(
  t: T,
  failure: { body: { message?: string } } | unknown,
  fallbackKey: string,
): string {
  if (failure instanceof ApiNetworkError) return t('networkError');
  const message = (failure as { body?: { message?: string } } | undefined)?.body?.message;
  return message || t(fallbackKey);
}
