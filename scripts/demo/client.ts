/** The demo talks to the platform as any client does: HTTP through the gateway, JSON in and out. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export type Log = (line: string) => void;

/** A call the demo needed that the platform refused: names the call and the platform's message. */
export class DemoError extends Error {}

/** Longest wait for a rate limit to pass (the services' per-address limits are per minute). */
const MAX_WAIT_MS = 65_000;

export class DemoClient {
  constructor(
    readonly baseUrl: string,
    private readonly log: Log,
  ) {}

  /**
   * One call; `expect` lists the statuses the caller handles (default: any 2xx). A 429 is waited out
   * (its Retry-After) and tried again, so loading the demo twice in a minute still works.
   */
  async call<T = unknown>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; expect?: number[] } = {},
  ): Promise<Answer<T>> {
    for (let waited = 0; ;) {
      const res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          accept: 'application/json',
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
      });
      const text = await res.text();
      const body = text ? (JSON.parse(text) as T) : (undefined as T);
      if (res.status === 429 && waited < MAX_WAIT_MS) {
        const seconds = Math.min(Number(res.headers.get('retry-after')) || 5, 60);
        this.log(`demo: the platform asks to slow down; waiting ${seconds} s`);
        await new Promise((r) => setTimeout(r, seconds * 1000));
        waited += seconds * 1000;
        continue;
      }
      const ok = opts.expect ? opts.expect.includes(res.status) : res.status >= 200 && res.status < 300;
      if (!ok) {
        const message = (body as { message?: string } | undefined)?.message ?? text.slice(0, 200);
        throw new DemoError(`${method} ${path} answered ${res.status}: ${message}`);
      }
      return { status: res.status, body };
    }
  }

  /** Every item of a paginated list (`{ data, pageInfo }`), up to `max`. */
  async all<T = unknown>(path: string, token?: string, max = 1000): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; out.length < max; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const { body } = await this.call<{ data: T[]; pageInfo: { total: number } }>(
        'GET',
        `${path}${sep}page=${page}&limit=100`,
        { token },
      );
      out.push(...body.data);
      if (body.data.length < 100 || out.length >= body.pageInfo.total) break;
    }
    return out;
  }
}
