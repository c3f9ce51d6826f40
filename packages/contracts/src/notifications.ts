import { Type, type Static } from '@sinclair/typebox';
import { Ok, PageInfo, PageQuery, StringEnum } from './common';
import { Translated } from './navigation';

/** The languages the platform speaks; an account's preferred one picks its e-mails' language. */
export const LANGUAGES = ['en', 'sw', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** When a notice goes out by e-mail (where the platform has an SMTP server): at once, in the daily digest, or never. */
export const EMAIL_TIMINGS = ['now', 'digest', 'none'] as const;
export type EmailTiming = (typeof EMAIL_TIMINGS)[number];

/**
 * A same-site path the notice links to: one leading slash, never `//host` (another site) or a backslash
 * (browsers read `/\host` as `//host`), no spaces or control characters.
 */
export const SameSitePath = Type.String({ maxLength: 500, pattern: '^/(?![/\\\\])[^\\s\\\\]*$' });

/**
 * `<producer>.notification.requested.v1`: a module asks the platform inbox (svc-identity) to tell one
 * person something. The producer writes the texts in every language; `id` is the dedupe key.
 */
export const NotificationRequestedData = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    /** `<module>.<what>`, e.g. `hire.job-alert`, `hire.application-decided`. */
    kind: Type.String({ pattern: '^[a-z][a-z0-9-]*\\.[a-z][a-z0-9-]*$', maxLength: 80 }),
    title: Translated,
    body: Type.Optional(Translated),
    link: SameSitePath,
    email: StringEnum(EMAIL_TIMINGS),
    /**
     * Also by SMS to the person's phone, at once, where the platform has an SMS provider (the inbox's
     * sender: svc-identity). For what must not wait for e-mail, such as a licence about to expire.
     */
    sms: Type.Optional(Type.Boolean()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type NotificationRequestedData = Static<typeof NotificationRequestedData>;

/** The subject a producer publishes its notices on: `hire.notification.requested.v1`. */
export const notificationRequestedType = (producer: string) => `${producer}.notification.requested.v1`;

/** The inbox service's durable consumer of one notifying producer: `svc-identity__notifications-hire`. */
export const inboxDurable = (inboxFolder: string, producer: string) =>
  `${inboxFolder}__notifications-${producer}`;

/** One notice as its recipient reads it in the inbox. */
export const Notification = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Translated,
  body: Type.Union([Translated, Type.Null()]),
  link: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Notification = Static<typeof Notification>;

export const NotificationQuery = PageQuery;
export type NotificationQuery = Static<typeof NotificationQuery>;

/** Newest first, with how many of all the person's notices are unread (the bell's badge). */
export const NotificationListResponse = Ok({
  data: Type.Array(Notification),
  pageInfo: PageInfo,
  unread: Type.Integer(),
});
export type NotificationListResponse = Static<typeof NotificationListResponse>;

/** Mark some (`ids`) or every (`all: true`) notice of the caller read. */
export const MarkReadBody = Type.Union([
  Type.Object(
    { ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100 }) },
    { additionalProperties: false },
  ),
  Type.Object({ all: Type.Literal(true) }, { additionalProperties: false }),
]);
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MarkReadResponse = Ok({ unread: Type.Integer() });
export type MarkReadResponse = Static<typeof MarkReadResponse>;
