import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  /**
   * @param code stable identifier pages translate (`auth.invalid_credentials`); `message` is the
   *   English fallback. Defaults to the status's generic code.
   * @param details more fields of the answer: a 402's `module`, `limit`, `allowed`; `hints`, further stable keys
   *   the pages translate beside the code (a password estimator's feedback).
   */
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string = GENERIC_CODES[statusCode] ?? 'request.failed',
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The body of every refused call: `{ success: false, message, code }`, which the pages read, with
 * `error` beside `message` (the same text), which the spec's clients read on failure (its discussion and
 * content rows). `extra`: further fields of the answer (a 402's `module`, a password's `hints`).
 */
export function refusal(message: string, code?: string, extra?: Record<string, unknown>) {
  return { ...extra, success: false as const, message, error: message, code };
}

/** The code of an error that has no more specific one: one per status. */
export const GENERIC_CODES: Record<number, string> = {
  400: 'request.invalid',
  401: 'auth.required',
  403: 'auth.forbidden',
  404: 'request.not_found',
  405: 'request.method_not_allowed',
  406: 'request.not_acceptable',
  409: 'request.conflict',
  411: 'request.length_required',
  413: 'request.too_large',
  414: 'request.uri_too_long',
  415: 'request.unsupported_type',
  422: 'request.unprocessable',
  429: 'request.rate_limited',
  500: 'server.error',
  503: 'server.unavailable',
};

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Please log in to continue.', code?: string) =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You do not have permission to do this.', code?: string) =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found.', code?: string) => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const tooManyRequests = (message: string, code?: string) => new HttpError(429, message, code);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns Ajv's first issue into a sentence naming the field, e.g. "email: must match format \"email\"". */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request.';
  let field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const params = first.params ?? {};
  if (typeof params.missingProperty === 'string')
    field = field ? `${field}.${params.missingProperty}` : params.missingProperty;
  if (typeof params.additionalProperty === 'string')
    return `${params.additionalProperty}: is not an accepted field`;
  const where = field || context || 'request';
  if (typeof params.missingProperty === 'string') return `${where}: is required`;
  if (Array.isArray(params.allowedValues))
    return `${where}: must be one of ${params.allowedValues.join(', ')}`;
  return `${where}: ${first.message ?? 'is invalid'}`;
}

const KNOWN: Record<number, string> = {
  400: 'Invalid request.',
  401: 'Please log in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  409: 'Conflict.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'Unsupported content type: send JSON.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * The one error handler of every service: `{ success: false, message, error, code }` (`refusal`) with the
 * right status.
 * Client mistakes are 4xx with a message naming the field; anything else is a 500 whose details
 * stay in the log.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(refusal(error.message, error.code, error.details));
  }
  if (error.validation) {
    return reply
      .status(400)
      .send(refusal(describeValidation(error.validationContext, error.validation), GENERIC_CODES[400]));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, JWT problems, rate limit...).
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : status === 401
          ? KNOWN[401]!
          : status === 429 && error.message
            ? error.message
            : (KNOWN[status] ?? error.message);
    return reply.status(status).send(refusal(message, GENERIC_CODES[status] ?? 'request.failed'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(refusal('Internal server error.', GENERIC_CODES[500]));
}
