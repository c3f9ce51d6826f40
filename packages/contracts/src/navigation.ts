import { Type, type Static } from '@sinclair/typebox';

/** A text in every language the platform speaks; English is the fallback. */
export const Translated = Type.Object(
  { en: Type.String({ minLength: 1 }), sw: Type.String({ minLength: 1 }), fr: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type Translated = Static<typeof Translated>;

/** A link the shell shows (navbar or footer), ordered across modules by `order`. */
export const NavEntry = Type.Object(
  {
    path: Type.String({ pattern: '^/' }),
    label: Translated,
    order: Type.Integer({ minimum: 0, maximum: 1000 }),
  },
  { additionalProperties: false },
);
export type NavEntry = Static<typeof NavEntry>;
