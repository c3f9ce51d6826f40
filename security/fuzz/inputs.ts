import type { JsonSchema, Operation } from './openapi';
import type { Random } from './random';

/**
 * Bad inputs for one operation, generated from its OpenAPI schemas: a valid request first, then the
 * same request with one thing wrong at a time (a path parameter, a query parameter, a body field, the
 * body as a whole, the content type, the token).
 */

/** JSON text written as is: tokens JSON.stringify cannot write (1e309 parses as Infinity), deep documents. */
export class Raw {
  constructor(readonly json: string) {}
}

export interface FuzzCase {
  /** What is wrong with it, for the failure report. */
  label: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Real ids by parameter or field name (`id`, `jobId`), so handlers get past their lookups. */
export type Ids = Record<string, string[]>;

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Values put into one body field, each labelled. */
const FIELD_VALUES: Array<[string, unknown]> = [
  ['a number', 12345],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['true', true],
  ['null', null],
  ['an empty array', []],
  ['an object', { a: 1 }],
  ['an array of numbers', [1, 2]],
  ['an empty string', ''],
  ['a blank string', '   '],
  ['a huge string', 'x'.repeat(20_000)],
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['NUL in an array', ['ok', 'a\u0000b']],
  ['a lone surrogate', '\ud800'],
  ['emoji, combining and RTL text', '😀👩🏽‍⚕️ e\u0301 مرحبا'],
  ['SQL and LIKE metacharacters', "%' OR '1'='1' -- _\\"],
  ['markup', '<script>alert(1)</script>'],
  ['a javascript: link', 'javascript:alert(1)'],
  ['a zero uuid', '00000000-0000-0000-0000-000000000000'],
  ['1e309', new Raw('1e309')],
  ['-1e309', new Raw('-1e309')],
  ['2**64', new Raw('18446744073709551616')],
  ['-2**63-1', new Raw('-9223372036854775809')],
  ['1e-400', new Raw('1e-400')],
  ['deep arrays', new Raw(deepArray(5000))],
  ['deep objects', new Raw(deepObject(5000))],
  ['a __proto__ object', new Raw('{"__proto__":{"polluted":true}}')],
];
/** Sent to every field: the inputs finding 9 was about, and a wrong type. */
const FIELD_ALWAYS = ['NUL', '1e309', '2**64', 'deep arrays', 'null', 'an object', 'a number'];

/** Text for one query or path parameter, as it appears in the URL (already percent-encoded). */
const TEXT_VALUES: Array<[string, string]> = [
  ['NUL', 'a%00b'],
  ['only NUL', '%00'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['invalid UTF-8', '%FF%FE'],
  ['overlong UTF-8', '%C0%AF'],
  ['an encoded lone surrogate', '%ED%A0%80'],
  ['a bare %', '%'],
  ['empty', ''],
  ['a long value', 'x'.repeat(3000)],
  ['1e309', '1e309'],
  ['-1e309', '-1e309'],
  ['2**64', '18446744073709551616'],
  ['-1', '-1'],
  ['0', '0'],
  ['1.5', '1.5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['text', 'abc'],
  ['LIKE metacharacters', '%25_%5C'],
  ['SQL', "'%20OR%201%3D1--"],
  ['emoji', '%F0%9F%98%80'],
  ['a zero uuid', '00000000-0000-0000-0000-000000000000'],
];
const TEXT_ALWAYS = ['NUL', 'broken percent-encoding', 'invalid UTF-8', '1e309', '2**64', 'a long value'];

/** The `always` entries of a pool plus `extra` others picked by the seeded generator. */
function sample<T extends [string, unknown]>(pool: T[], always: string[], extra: number, rng: Random): T[] {
  const rest = pool.filter(([label]) => !always.includes(label));
  const picked: T[] = [];
  while (picked.length < extra && rest.length > 0) picked.push(rest.splice(rng.int(rest.length), 1)[0]!);
  return [...pool.filter(([label]) => always.includes(label)), ...picked];
}

/** JSON with Raw values written as they are. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A value the schema accepts (best effort: the contracts' formats and patterns). */
function validValue(schema: JsonSchema, name: string, ids: Ids, rng: Random): unknown {
  if (schema.anyOf?.length) return validValue(schema.anyOf[0]!, name, ids, rng);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, validValue(s, key, ids, rng)]),
      );
    case 'array':
      return schema.items ? [validValue(schema.items, name, ids, rng)] : [];
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return validString(schema, name, ids, rng);
    default:
      return 'fuzz';
  }
}

function validString(schema: JsonSchema, name: string, ids: Ids, rng: Random): string {
  const pattern = String(schema.pattern ?? '');
  let text: string;
  if (schema.format === 'email') text = `fuzz.${rng.int(1e9)}@example.org`;
  else if (schema.format === 'uuid') text = ids[name]?.[0] ?? rng.uuid();
  else if (schema.format === 'date-time') text = '2024-01-01T00:00:00.000Z';
  else if (schema.format === 'uri' || pattern.includes('https?')) text = 'https://example.org/fuzz';
  else if (pattern.includes('0-9')) text = '+254 700 000 000';
  else text = 'Fuzz text';
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? Infinity;
  return text.padEnd(min, 'x').slice(0, max);
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Every case for one operation; tokens are added by the runner. */
export function casesFor(op: Operation, ids: Ids, rng: Random): FuzzCase[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(validValue(p.schema, p.name, ids, rng)))]),
  );
  // A new valid body for each case (new e-mails among others), so a case is not refused as a
  // duplicate of the one before (409) before its bad field reaches the database.
  const validBody = () => validValue(op.body ?? {}, 'body', ids, rng) as Record<string, unknown>;
  const validJson = () => toJson(validBody());

  const url = (path: Record<string, string> = basePath, query = '') =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '') + (query ? `?${query}` : '');
  /** The valid body (if the operation takes one) with this URL. */
  const at = (label: string, target: string): FuzzCase =>
    op.body
      ? { label, url: target, headers: { ...JSON_TYPE }, payload: validJson() }
      : { label, url: target, headers: {} };
  const body = (
    label: string,
    payload: string | Buffer | undefined,
    contentType = 'application/json',
  ): FuzzCase =>
    payload === undefined
      ? { label, url: url(), headers: {} }
      : { label, url: url(), headers: { 'content-type': contentType }, payload };

  const cases: FuzzCase[] = [at('valid input', url())];

  for (const p of pathParams) {
    const values: Array<[string, string]> = [
      ...(ids[p.name] ?? []).flatMap((id): Array<[string, string]> => [
        ['a real id', id],
        ['a real id in capitals', id.toUpperCase()],
      ]),
      ['an unknown uuid', rng.uuid()],
      ['not a uuid', 'not-a-uuid'],
      ['over the parameter length limit', 'x'.repeat(101)],
      ['an encoded slash', 'a%2Fb'],
      ['a space', '%20'],
      ...TEXT_VALUES,
    ];
    for (const [label, text] of values)
      cases.push(at(`path ${p.name}: ${label}`, url({ ...basePath, [p.name]: text })));
  }

  for (const p of queryParams) {
    for (const [label, text] of sample(TEXT_VALUES, TEXT_ALWAYS, 6, rng))
      cases.push(at(`query ${p.name}: ${label}`, url(basePath, `${p.name}=${text}`)));
    cases.push(at(`query ${p.name}: repeated`, url(basePath, `${p.name}=1&${p.name}=2`)));
    cases.push(at(`query ${p.name}: with brackets`, url(basePath, `${p.name}[]=1&${p.name}[a]=%00`)));
  }
  for (const [label, query] of [
    ['an unknown parameter with NUL', 'zz=%00'],
    ['a __proto__ parameter', '__proto__[x]=1&constructor=x'],
    ['an empty query', '&&=&'],
    ['a broken parameter name', '%E0%A4%A=1'],
  ])
    cases.push(at(`query: ${label}`, url(basePath, query)));

  if (op.body) {
    for (const field of Object.keys(op.body.properties ?? {})) {
      for (const [label, value] of sample(FIELD_VALUES, FIELD_ALWAYS, 5, rng))
        cases.push(body(`body ${field}: ${label}`, toJson({ ...validBody(), [field]: value })));
    }
    for (const field of op.body.required ?? []) {
      const { [field]: _missing, ...rest } = validBody();
      cases.push(body(`body ${field}: missing`, toJson(rest)));
    }
    const shape = validBody();
    const fields = Object.keys(shape);
    const firstText = fields.find((k) => typeof shape[k] === 'string') ?? 'x';
    const marker = '"\u0001bytes\u0001"';
    const [before, after] = toJson({ ...validBody(), [firstText]: new Raw(marker) }).split(marker);
    cases.push(
      body('body: an unknown field', toJson({ ...validBody(), isAdmin: true, role: 'admin' })),
      body('body: a __proto__ field', `{"__proto__":{"isAdmin":true},${validJson().slice(1)}`),
      body('body: every field null', toJson(Object.fromEntries(fields.map((k) => [k, null])))),
      body('body: a byte-order mark', `\ufeff${validJson()}`),
      body('body: over the size limit', toJson({ ...validBody(), [firstText]: 'x'.repeat(150_000) })),
      body('body: sent as text/plain', validJson(), 'text/plain'),
      body('body: charset utf-16', validJson(), 'application/json; charset=utf-16'),
      body('body: a malformed content type', validJson(), 'application/json; x="'),
      body(
        'body: invalid UTF-8 bytes in a string',
        Buffer.concat([
          Buffer.from(`${before}"`),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
          Buffer.from(`"${after}`),
        ]),
      ),
    );
  }
  // Whole-body cases, also for operations that take no body (their handlers must ignore it safely).
  cases.push(
    body('body: none', undefined),
    body('body: empty with a JSON type', ''),
    body('body: broken JSON', '{"a":'),
    body('body: JSON null', 'null'),
    body('body: a JSON array', '[1,"a\\u0000"]'),
    body('body: a JSON string with NUL', '"a\\u0000b"'),
    body('body: 1e309', '1e309'),
    body('body: deep arrays', deepArray(20_000)),
    body('body: deep objects', deepObject(10_000)),
    body('body: a form', 'a=b&c=%00', 'application/x-www-form-urlencoded'),
    body(
      'body: multipart',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      'multipart/form-data; boundary=x',
    ),
    body('body: XML', '<a>b</a>', 'application/xml'),
    body('body: text with NUL', 'a\u0000b', 'text/plain'),
  );

  // Tokens that are not valid: the runner leaves these alone.
  const badTokens: Array<[string, string]> = [
    ['an empty bearer token', 'Bearer '],
    ['a malformed token', 'Bearer a.b.c'],
    ['basic auth', 'Basic Zm9vOmJhcg=='],
    ['a huge token', `Bearer ${'x'.repeat(8000)}`],
  ];
  for (const [label, authorization] of badTokens) {
    const c = at(`token: ${label}`, url());
    cases.push({ ...c, headers: { ...c.headers, authorization } });
  }
  return cases;
}
