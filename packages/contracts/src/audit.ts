import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common';
import { ROLES } from './values';

/**
 * `<producer>.admin-action.recorded.v1`: one action an admin took on a producer's data (identity suspends
 * an account, content publishes a post, connect deletes a discussion...). Every service publishes its
 * admin actions this way, through its outbox in the transaction of the change (`recordAdminAction` in
 * `@platform/event-bus`); svc-content keeps them in the append-only audit log.
 */
export const adminActionRecordedType = (producer: string) => `${producer}.admin-action.recorded.v1`;

/** svc-content's durable consumer of one producer's admin actions: `svc-content__audit-identity`. */
export const auditDurable = (auditFolder: string, producer: string) => `${auditFolder}__audit-${producer}`;

/** A lower-case token: `account`, `blog-post`. */
const Token = Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 });

/**
 * A small JSON object of the fields the action changed, as they were before and after it (`{ role:
 * 'user' }` → `{ role: 'Clinic' }`); null when there was nothing before (created) or after (removed).
 * Never secrets: `recordAdminAction` drops keys that look like one (password, token, secret, hash...).
 */
export const AuditSnapshot = Type.Union([
  Type.Record(Type.String(), Type.Unknown(), { maxProperties: 40 }),
  Type.Null(),
]);
export type AuditSnapshot = Static<typeof AuditSnapshot>;

/** Who acted: the admin as their access token named them at the time. */
export const AuditActor = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String({ maxLength: 200 }),
    email: Type.String({ maxLength: 254 }),
    role: StringEnum(ROLES),
  },
  { additionalProperties: false },
);
export type AuditActor = Static<typeof AuditActor>;

/** What was acted on, as the producing module names it; `label` is what a person reads (a name, a title). */
export const AuditTarget = Type.Object(
  {
    module: Token,
    kind: Token,
    id: Type.String({ minLength: 1, maxLength: 100 }),
    label: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type AuditTarget = Static<typeof AuditTarget>;

export const AdminActionRecordedData = Type.Object(
  {
    actor: AuditActor,
    /** `<kind>.<verb>`, e.g. `account.suspend`, `account.role-change`, `blog-post.publish`. */
    action: Type.String({ pattern: '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$', maxLength: 80 }),
    target: AuditTarget,
    before: AuditSnapshot,
    after: AuditSnapshot,
    /** The client's address as the service saw it (behind the gateway: the forwarded one); null if unknown. */
    address: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    /** The request's id (`x-request-id`, the same in the gateway's and the service's logs). */
    requestId: Type.Union([Type.String({ maxLength: 128 }), Type.Null()]),
    /** When the action was taken (the change's transaction). */
    at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type AdminActionRecordedData = Static<typeof AdminActionRecordedData>;
