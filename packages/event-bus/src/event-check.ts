import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AnyEnvelope, type Envelope } from '@platform/contracts';
import type { EventSchemas } from './bus';

/** What a consumer does with one message: handle it, skip it (a type it does not know), or dead-letter it. */
export type EventCheck =
  | { outcome: 'valid'; event: Envelope }
  | { outcome: 'unknown'; type: string }
  | { outcome: 'invalid'; error: string };

// The same JSON Schema validator the services use for HTTP bodies, so a contract means the same on both.
// Nothing is coerced or defaulted: an event is taken exactly as it was sent, or not at all.
const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);
const envelopeCheck = ajv.compile<Envelope>(AnyEnvelope);

/** The first problem, naming the field: `/data/version: must be integer`, `/occurredAt: is required`. */
function firstError(errors: ErrorObject[] | null | undefined, at = ''): string {
  const e = errors?.[0];
  if (!e) return `${at || '/'}: invalid`;
  if (e.keyword === 'required') return `${at}${e.instancePath}/${e.params.missingProperty}: is required`;
  if (e.keyword === 'additionalProperties')
    return `${at}${e.instancePath}/${e.params.additionalProperty}: is not an accepted field`;
  return `${at}${e.instancePath || '/'}: ${e.message ?? 'invalid'}`;
}

/**
 * Checks events against their contracts: the envelope first, then that its `type` is the subject it
 * came on (so nobody relabels one event as another), then `data` against the schema of that type.
 */
export class EventChecker {
  private readonly checks = new Map<string, ValidateFunction>();

  constructor(schemas: EventSchemas) {
    for (const [type, schema] of Object.entries(schemas)) this.checks.set(type, ajv.compile(schema));
  }

  /** A message as it arrived: bytes that should be one JSON envelope, on the subject of `subjectType`. */
  fromBytes(data: Uint8Array, subjectType: string): EventCheck {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(data).toString('utf8'));
    } catch {
      return { outcome: 'invalid', error: 'not a JSON document' };
    }
    return this.check(value, subjectType);
  }

  check(value: unknown, subjectType?: string): EventCheck {
    if (!envelopeCheck(value)) return { outcome: 'invalid', error: firstError(envelopeCheck.errors) };
    if (subjectType !== undefined && value.type !== subjectType) {
      return { outcome: 'invalid', error: `/type: "${value.type}" arrived on the subject of ${subjectType}` };
    }
    const data = this.checks.get(value.type);
    if (!data) return { outcome: 'unknown', type: value.type };
    if (!data(value.data)) return { outcome: 'invalid', error: firstError(data.errors, '/data') };
    return { outcome: 'valid', event: value };
  }
}
