import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { errorHandler, HttpError } from './errors';

/**
 * Parsed input is made of arrays and plain objects (the query parser's have a prototype-less
 * prototype); anything else (a proxied request's body stream, a Buffer) is not walked: it is not
 * input a handler reads as values, and may hold cycles.
 */
function isPlain(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** A place in the input: its key and its parent's place, so a path is built only for a hit. */
type At = { key: string; parent: At } | null;

function pathOf(at: At): string[] {
  const keys: string[] = [];
  for (let a = at; a; a = a.parent) keys.push(a.key);
  return keys.reverse();
}

/**
 * The path (keys from the root) of the first value in `value` for which `test` holds; a field name
 * containing `badKey` counts too. Undefined when there is none; [] for the value itself.
 *
 * Walks with its own stack, not recursion, so a deeply nested body cannot overflow the call stack;
 * the body limit bounds the work.
 */
export function findPath(
  value: unknown,
  test: (v: unknown) => boolean,
  badKey?: (key: string) => boolean,
): string[] | undefined {
  // Most input is a flat query string or none at all: no stack for a value that is not an object.
  if (!isPlain(value)) return test(value) ? [] : undefined;
  const stack: Array<[unknown, At]> = [[value, null]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (test(current)) return pathOf(at);
    if (!isPlain(current)) continue;
    const keys = Object.keys(current);
    if (badKey) for (const key of keys) if (badKey(key)) return pathOf({ key, parent: at });
    // Pushed last to first, so fields are visited in order and the first bad one is named.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push([(current as Record<string, unknown>)[key], { key, parent: at }]);
    }
  }
  return undefined;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');
/** A field as error messages name it: `skills.2`, NUL shown as \0, very deep paths cut short. */
const fieldName = (path: string[]) => {
  const name = path.join('.').replaceAll('\u0000', '\\0');
  return name.length > 100 ? `${name.slice(0, 100)}…` : name;
};

function nulError(part: string, value: unknown): HttpError | undefined {
  const path = findPath(value, hasNul, hasNul);
  return path ? new HttpError(400, `${fieldName(path) || part}: must not contain NUL characters`) : undefined;
}

/** Half of a UTF-16 pair without its other half: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const hasLoneSurrogate = (v: unknown) => typeof v === 'string' && LONE_SURROGATE.test(v);

function surrogateError(part: string, value: unknown): HttpError | undefined {
  const path = findPath(value, hasLoneSurrogate, hasLoneSurrogate);
  return path
    ? new HttpError(400, `${fieldName(path) || part}: must be text (a lone surrogate is not a character)`)
    : undefined;
}

/**
 * preValidation hook of every service: a NUL character or a lone surrogate (`"\ud800"` in JSON) anywhere
 * in params, query or body (values or field names) is a 400 naming the field. Postgres cannot store NUL in
 * text, and a lone surrogate written into a jsonb column (an outbox event, an audit entry) is refused as an
 * "unsupported Unicode escape": either would otherwise fail in the database as a 500. A hook rather than a schema keyword: it also covers
 * fields no schema mentions and routes without a schema, at any depth, and keeps contracts plain.
 * A callback, not an async function: every request passes here (no promise and tick for each).
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  done(
    nulError('params', request.params) ??
      nulError('querystring', request.query) ??
      nulError('body', request.body) ??
      surrogateError('params', request.params) ??
      surrogateError('querystring', request.query) ??
      surrogateError('body', request.body),
  );
}

/**
 * Wraps a compiled Ajv validator so that a number which is not finite fails validation. Ajv
 * accepts Infinity as an integer (`?page=1e309` is coerced to it, a JSON 1e309 parses to it), and
 * it would reach a query as a 500. The error is Ajv-shaped, so the handler names the field.
 */
export function finiteNumbersOnly(validate: ValidateFunction): ValidateFunction {
  const isInfinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    if (!validate(data, context)) {
      checked.errors = validate.errors;
      return false;
    }
    const path = findPath(data, isInfinite);
    if (!path) {
      checked.errors = null;
      return true;
    }
    const error: ErrorObject = {
      instancePath: path.map((key) => `/${key}`).join(''),
      schemaPath: '#',
      keyword: 'finite',
      params: {},
      message: 'must be a finite number',
    };
    checked.errors = [error];
    return false;
  }) as ValidateFunction;
  // Fastify passes the parent object to validators that have one, so Ajv may replace a root value.
  Object.assign(checked, { schema: validate.schema, schemaEnv: validate.schemaEnv });
  return checked;
}

/**
 * Fastify's `frameworkErrors`: errors its router raises before any route or hook runs (a URL whose
 * percent-encoding is broken, a path parameter over the length limit). Without it they get
 * Fastify's own body instead of the `{ success: false, message, code }` every client reads.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known =
    error.code === 'FST_ERR_BAD_URL'
      ? new HttpError(400, 'The address is not valid: check its percent-encoding.')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new HttpError(414, 'The address is too long.')
        : undefined;
  return errorHandler((known as FastifyError | undefined) ?? error, request, reply);
}
