import { ProviderError, type PaymentMethod } from './provider';

/**
 * JSON over Node's fetch with a deadline, shared by the provider clients. Answers that are not JSON
 * become a ProviderError naming the status, never an exception from a parser.
 */
export interface JsonResponse {
  status: number;
  body: unknown;
}

export async function requestJson(
  provider: PaymentMethod,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new ProviderError(provider, 0, 'network', `cannot reach ${new URL(url).origin}: ${String(err)}`);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(provider, response.status, 'not_json', `answered ${response.status}, not JSON`);
    }
  }
  return { status: response.status, body };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' ? field : typeof field === 'number' ? String(field) : undefined;
}
