/**
 * Component tests render screens the way the shell does and answer their API calls (`@platform/ui/testing`).
 * Only for tests: nothing in a bundle imports this.
 */
import { Suspense, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { BrowserRouter } from '@platform/router';
import { initI18n } from '../src/i18n';
import { ToastProvider } from '../src/components/Toast';

/** A screen at `path`, in English, with toasts, the router and Suspense around it, as in the shell. */
export async function renderScreen(
  ui: ReactNode,
  { path = '/' }: { path?: string } = {},
): Promise<RenderResult> {
  await initI18n('en');
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  window.history.replaceState(null, '', path);
  return render(
    <Suspense fallback={null}>
      <ToastProvider>
        <BrowserRouter>
          <Suspense fallback={<p>Loading…</p>}>{ui}</Suspense>
        </BrowserRouter>
      </ToastProvider>
    </Suspense>,
  );
}

/** The page's current path and query, as the address bar shows them. */
export const currentUrl = () => `${window.location.pathname}${window.location.search}`;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** The request's own headers (an Idempotency-Key), as sent. */
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}
export type ApiAnswer = { status?: number; body?: unknown };

/**
 * `fetch` answered by `answer(call)` (status 200 and `{}` unless given); every call is recorded. A
 * promise that has not settled keeps the request pending; aborting it rejects as a browser does.
 */
export function fakeApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: String(input),
      // JSON as its value; a file (Blob) as it was sent.
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      headers: { ...(init.headers as Record<string, string> | undefined) },
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const aborted = new Promise<never>((_, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
    );
    const { status = 200, body = {} } = await Promise.race([answer(call), aborted]);
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => body,
      blob: async () => (body instanceof Blob ? body : new Blob([JSON.stringify(body)])),
    } as Response;
  }) as typeof fetch;
  return calls;
}

/** A promise to settle later: `deferred.resolve(value)`. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
