import {
  adminActionRecordedType,
  type AccessClaims,
  type AdminActionRecordedData,
  type AuditSnapshot,
  type AuditTarget,
  type Envelope,
} from '@platform/contracts';
import { makeEnvelope } from './envelope';
import { enqueue, type OutboxTable } from './outbox';

/** Keys never carried in an audit snapshot, whatever their value (matched case-insensitively, anywhere in the key). */
const SECRET_KEY = /pass(word)?|secret|token|hash|salt|otp|api[-_]?key|private|credential|cookie/i;
const MAX_STRING = 500;
const MAX_KEYS = 40;

/** A copy of `value` fit for the log: secret-looking keys dropped, long strings cut, depth limited. */
function clean(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= 3) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => clean(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS)) {
      if (SECRET_KEY.test(k) || v === undefined) continue;
      out[k.slice(0, 60)] = clean(v, depth + 1);
    }
    return out;
  }
  return null; // functions, symbols, bigints: nothing a log should hold
}

/** A before/after snapshot as the event carries it: secrets dropped (see `SECRET_KEY`), small. */
export function auditSnapshot(value: Record<string, unknown> | null | undefined): AuditSnapshot {
  if (value === null || value === undefined) return null;
  return clean(value, 0) as Record<string, unknown>;
}

/** What a service knows of an admin action; `actor` may be the access token's claims as they are. */
export interface AdminAction {
  actor: Pick<AccessClaims, 'sub' | 'name' | 'email' | 'role'>;
  /** `<kind>.<verb>`: `account.suspend`, `blog-post.publish`. */
  action: string;
  target: AuditTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The request it came with: its client address (`request.ip`) and id (`request.id`). */
  request?: { ip?: string | null; id?: string | null };
}

/** The `<producer>.admin-action.recorded.v1` event of one admin action (see `recordAdminAction`). */
export function makeAdminAction(producer: string, a: AdminAction): Envelope<AdminActionRecordedData> {
  const at = new Date().toISOString();
  const event = makeEnvelope<AdminActionRecordedData>(adminActionRecordedType(producer), {
    actor: { id: a.actor.sub, name: a.actor.name.slice(0, 200), email: a.actor.email, role: a.actor.role },
    action: a.action,
    target: { ...a.target, label: a.target.label.slice(0, 200) },
    before: auditSnapshot(a.before),
    after: auditSnapshot(a.after),
    address: a.request?.ip ? a.request.ip.slice(0, 64) : null,
    requestId: a.request?.id ? String(a.request.id).slice(0, 128) : null,
    at,
  });
  return { ...event, occurredAt: at };
}

/**
 * Records an admin action in the service's outbox inside the caller's transaction, with the change it
 * describes: the event is published if and only if the change commits. Every service calls this for
 * every admin action (svc-content keeps the audit log from these events):
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   const [before] = await tx.select(...).for('update');
 *   await tx.update(users).set({ role }).where(...);
 *   await recordAdminAction(tx, outbox, 'identity', {
 *     actor: request.user, action: 'account.role-change', request,
 *     target: { module: 'identity', kind: 'account', id, label: before.name },
 *     before: { role: before.role }, after: { role },
 *   });
 * });
 * ```
 */
export async function recordAdminAction(
  tx: Parameters<typeof enqueue>[0],
  outbox: OutboxTable,
  producer: string,
  action: AdminAction,
): Promise<Envelope<AdminActionRecordedData>> {
  const event = makeAdminAction(producer, action);
  await enqueue(tx, outbox, event);
  return event;
}
