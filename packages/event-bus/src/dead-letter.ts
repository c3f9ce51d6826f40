import { subjectToken } from './naming';

/**
 * Events a consumer could not take: invalid ones at once, failing ones after their last delivery. They are
 * kept on one stream, `<PREFIX>DEADLETTER` over `<prefix>deadletter.>`, on the subject
 * `<prefix>deadletter.<client>.<durable>` (the client being the service, which may publish only under its
 * own name), with the original message as payload and where it came from in headers.
 */
export const DEAD_LETTER_PRODUCER = 'deadletter';

export const DeadLetterHeader = {
  subject: 'Dead-Letter-Subject',
  stream: 'Dead-Letter-Stream',
  sequence: 'Dead-Letter-Sequence',
  consumer: 'Dead-Letter-Consumer',
  deliveries: 'Dead-Letter-Deliveries',
  /** `invalid` (failed its contract) or `failed` (the handler kept throwing). */
  reason: 'Dead-Letter-Reason',
  error: 'Dead-Letter-Error',
} as const;

export type DeadLetterReason = 'invalid' | 'failed';

export function deadLetterSubject(prefix: string, client: string, durable: string): string {
  return `${prefix}${DEAD_LETTER_PRODUCER}.${subjectToken(client)}.${subjectToken(durable)}`;
}

/** Every dead-letter subject of one client (what its NATS user may publish). */
export function deadLetterSubjects(prefix: string, client: string): string {
  return `${prefix}${DEAD_LETTER_PRODUCER}.${subjectToken(client)}.>`;
}

/** Header values are one line; an error message can be long or multi-line. */
export function headerValue(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').slice(0, 1000);
}

/** What the in-memory bus keeps of a dead letter (the NATS bus keeps the same in headers). */
export interface DeadLetter {
  consumer: string;
  reason: DeadLetterReason;
  error: string;
  deliveries: number;
  /** The message as it arrived. */
  message: unknown;
}
