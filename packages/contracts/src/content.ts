import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common';

/**
 * The admin's moderation queue (svc-content) decides on content another module reported (e.g.
 * `connect.post.flagged.v1`) and tells that module through this event; the module applies it.
 */
export const MODERATION_DECISIONS = ['restore', 'hide', 'delete'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

export const ModerationDecidedData = Type.Object(
  {
    /** What was decided on, as the reporting module named it: `{ module: 'connect', kind: 'discussion', id }`. */
    subject: Type.Object(
      {
        module: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 }),
        kind: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 40 }),
        id: Type.String({ maxLength: 100 }),
      },
      { additionalProperties: false },
    ),
    /** restore: visible again (its flags cleared); hide: kept from everyone but its author; delete: gone. */
    decision: StringEnum(MODERATION_DECISIONS),
    moderatorId: Type.String({ format: 'uuid' }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    decidedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type ModerationDecidedData = Static<typeof ModerationDecidedData>;

export const ContentEvents = {
  moderationDecided: 'content.moderation.decided.v1',
} as const;
