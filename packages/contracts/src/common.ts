import { Type, type Static, type TSchema } from '@sinclair/typebox';

export { LIST_COUNT_CAP } from './values';

/** The envelope the original product's clients read: `{ success, message, ... }`. */
export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  /** English text, shown when the page has no translation for `code`. */
  message: Type.String(),
  /** The same text as `message`, for the spec's clients, which read `error` on failure. */
  error: Type.Optional(Type.String()),
  /** Stable identifier of the error (`auth.invalid_credentials`), translated by the pages. */
  code: Type.Optional(Type.String()),
  /** Further stable keys the pages translate beside `code` (`warning.similarToCommon`: a password's feedback). */
  hints: Type.Optional(Type.Array(Type.String())),
  /** Why, in the words of whoever decided (a suspension's reason): the translated text quotes it. */
  reason: Type.Optional(Type.String()),
  /** Until when it holds (ISO 8601): the translated text shows it in the reader's language. */
  until: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The error answers a route declares, each the envelope: `response: { 200: Answer, ...ErrorAnswers(400, 404) }`. */
export const ErrorAnswers = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as { [K in S]: typeof ErrorResponse };

export const MessageResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
});
export type MessageResponse = Static<typeof MessageResponse>;

/** `{ success: true, message?, ...fields }` */
export const Ok = <P extends Record<string, TSchema>>(fields: P) =>
  Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()), ...fields });

/** Page query for every list: page starts at 1; limit is capped. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const PageInfo = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type PageInfo = Static<typeof PageInfo>;

/** A page of a list: `{ success: true, data: item[], pageInfo }`, the answer of every paged `GET`. */
export const Paged = <T extends TSchema>(item: T) => Ok({ data: Type.Array(item), pageInfo: PageInfo });

/** `:id` of any stored item (a job, an event, a discussion, an account's photo). */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** A page's link preview (Open Graph), read by the gateway for crawlers: plain text, escaped there. */
export const PagePreview = Type.Object({ title: Type.String(), description: Type.String() });
export const PagePreviewResponse = Ok({ data: PagePreview });
export type PagePreviewResponse = Static<typeof PagePreviewResponse>;

/**
 * A public list's page: `total` is exact up to LIST_COUNT_CAP matches past the current page; beyond it
 * `totalCapped` is true and `total` is that lower bound ("more than {total}").
 */
export const CappedPageInfo = Type.Composite([PageInfo, Type.Object({ totalCapped: Type.Boolean() })]);
export type CappedPageInfo = Static<typeof CappedPageInfo>;

/**
 * What someone typed in a search box. Services match it with service-kit's `textSearch` over a trigram
 * index: three letters in a row anywhere in the text, a shorter term at the start of a word ("RN" finds
 * "Nurse (RN)"), so no term reads every row.
 */
export const SearchTerm = Type.String({ maxLength: 100 });

/** Trimmed, lower-cased on the server; the schema only bounds the shape. */
export const Email = Type.String({ format: 'email', maxLength: 254 });

/** A string from a fixed list; validates with a clear "must be one of" message. */
export const StringEnum = <T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * One of a fixed list, or null. Declared as one nullable enum (not a union with null): OpenAPI turns such a
 * union into `nullable`, which allows null only when the enum lists it.
 */
export const NullableStringEnum = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number] | null>({ type: 'string', enum: [...values, null], nullable: true });

/**
 * A success answer that is a file, not JSON (a PDF, a CSV, a calendar): declared under its own content type
 * so the OpenAPI document says what a client receives (and the fuzz test knows it is not JSON).
 */
export const FileAnswer = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});
