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
 * JSON request to the platform's API on the same origin, with the session's bearer token; a Blob
 * body (a chosen file) is sent as its raw bytes with its own type.
 * A 401 to a request that carried a token means the session is over: it is cleared.
 */
export async function apiRequest<T = Record<string, unknown>>(
  path: string,
  opts: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const token = useSession.getState().token;
  // Extra headers a call needs (an Idempotency-Key); never the ones set here.
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  const file = typeof Blob !== 'undefined' && opts.body instanceof Blob ? opts.body : undefined;
  if (opts.body !== undefined)
    headers['content-type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: file ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
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

/**
 * A file from the API (a download that needs the bearer token, which a plain link cannot carry):
 * the Blob when it came, else the error answer's body.
 */
export async function apiFile(
  path: string,
): Promise<
  { ok: true; blob: Blob } | { ok: false; status: number; body: { message?: string; code?: string } }
> {
  const token = useSession.getState().token;
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw new ApiNetworkError(err);
  }
  if (res.ok) return { ok: true, blob: await res.blob() };
  if (res.status === 401 && token) useSession.getState().signOut();
  return {
    ok: false,
    status: res.status,
    body: (await res.json().catch(() => ({}))) as { message?: string },
  };
}
