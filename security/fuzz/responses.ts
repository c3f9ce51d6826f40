import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema, Operation } from './openapi';

/**
 * Statuses every route may answer without declaring them, in service-kit's error shape: input
 * refused before the handler (400, 413 body too large, 414 parameter too long, 415 content type),
 * tokens and roles (401, 403), unknown ids (404), rate limits (429). Anything else must be declared.
 */
export const GENERIC_STATUSES = [400, 401, 403, 404, 413, 414, 415, 429];

/**
 * service-kit's error body: `{ success: false, message, error, code }` (`error` the same text as `message`,
 * for the spec's clients), perhaps with `hints` (further keys the pages translate: a password estimator's
 * feedback), and nothing else.
 */
const ERROR_SHAPE: JsonSchema = {
  type: 'object',
  required: ['success', 'message', 'error', 'code'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    message: { type: 'string', minLength: 1 },
    error: { type: 'string', minLength: 1 },
    code: { type: 'string', pattern: '^[a-z_]+(\\.[a-z_]+)+$' },
    hints: { type: 'array', items: { type: 'string', pattern: '^[a-z]+\\.[A-Za-z0-9]+$' } },
  },
};

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Checks an answer against what its operation declares; returns what is wrong, or undefined. */
export class ResponseChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
  }

  check(op: Operation, answer: Answer): string | undefined {
    const { statusCode: status } = answer;
    if (status >= 500) return `answered ${status}`;
    const type = String(answer.headers['content-type'] ?? '');
    // A file the route declares for this status (a CSV, a PDF): its type is the declaration; not empty.
    const files = op.files[String(status)] ?? [];
    if (files.some((declared) => type.split(';')[0]!.trim() === declared))
      return answer.body.length > 0 ? undefined : `answered ${status} with an empty ${type}`;
    if (!type.startsWith('application/json')) return `answered ${status} with content type ${type}`;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
    const declared = op.responses[String(status)];
    if (declared) {
      const problem = this.validate(declared, body);
      if (problem) return `answered ${status} outside its declared schema: ${problem}`;
    } else if (!GENERIC_STATUSES.includes(status)) {
      return `answered ${status}, which the route does not declare`;
    }
    // Every client error, declared or not, is service-kit's error shape.
    if (status >= 400) {
      const problem = this.validate(ERROR_SHAPE, body);
      if (problem) return `answered ${status} outside the error shape: ${problem}`;
      const { message, error } = body as { message: string; error: string };
      if (error !== message) return `answered ${status} with an error text other than its message`;
    }
    return undefined;
  }

  private validate(schema: JsonSchema, body: unknown): string | undefined {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    if (validate(body)) return undefined;
    return this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }
}
