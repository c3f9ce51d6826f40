/**
 * Subjects are `<prefix><type>` and streams are one per producer: `<PREFIX>IDENTITY` over
 * `<prefix>identity.>`. The prefix lets several deployments or test runs share one NATS server
 * without seeing each other's events.
 */
export function subjectFor(prefix: string, type: string): string {
  return `${prefix}${type}`;
}

export function producerOf(type: string): string {
  const producer = type.split('.')[0];
  if (!producer) throw new Error(`event type without a producer: ${type}`);
  return producer;
}

export function streamName(prefix: string, producer: string): string {
  return `${prefix}${producer}`.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
}

export function streamSubjects(prefix: string, producer: string): string {
  return `${prefix}${producer}.>`;
}

/** Durable names may not contain dots, spaces or wildcards. */
export function durableName(prefix: string, durable: string): string {
  return `${prefix}${durable}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** A subject token: no dots, spaces or wildcards. */
export function subjectToken(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Where a client's replies (and pulled messages) arrive: under its own name, so no other client may read them. */
export function inboxPrefix(client: string): string {
  return `_INBOX.${subjectToken(client)}`;
}
