import { useSession } from './session';

/** No answer came back (offline, DNS, connection reset): distinct from an error answer. */
export class ApiNetworkError extends Error {
  constructor(cause?: unknown) {
    super('network error');
    this.name = 'ApiNetworkError';
    this.cause = cause;
  }
}

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T & { success?: boolean; message?: string };
}

/**
 * JSON request to the platform's API on the same origin, with the session's bearer token.
 * A 401 to a request that carried a token means the session is over: it is cleared.
 */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  opts: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const token = useSession.getState().token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiNetworkError(err);
  }
  const body = (await res.json().catch(() => ({}))) as ApiResult<T>['body'];
  if (res.status === 401 && token) useSession.getState().signOut();
  return { ok: res.ok, status: res.status, body };
}
