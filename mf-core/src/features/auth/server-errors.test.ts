import i18next from 'i18next';
import { failureText } from '@platform/ui';
import core from '../../locales/en.json';
import en from '../../../../packages/ui/src/locales/en.json';
import sw from '../../../../packages/ui/src/locales/sw.json';
import fr from '../../../../packages/ui/src/locales/fr.json';

/**
 * What svc-identity answers on the login and signup pages, and the texts the visitor reads instead: the
 * platform's one catalogue of error texts (the `ui` namespace) serves every page.
 */
const CODES = [
  'auth.invalid_credentials',
  'auth.email_taken',
  'auth.too_many_attempts',
  'auth.password_common',
  'auth.password_personal',
] as const;
const locales = { en, sw, fr };

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    ns: ['core', 'ui'],
    resources: Object.fromEntries(Object.entries(locales).map(([lng, ui]) => [lng, { core, ui }])),
  });
});

describe.each(Object.keys(locales) as Array<keyof typeof locales>)('server errors in %s', (lng) => {
  it.each(CODES)('shows %s in the language, not the server English', (code) => {
    const [area, name] = code.split('.') as ['auth', keyof typeof en.serverErrors.auth];
    const expected = locales[lng].serverErrors[area][name];
    const answer = { ok: false, status: 400, body: { success: false, message: 'English.', code } };
    expect(failureText(i18next.getFixedT(lng, 'core'), answer, 'signupFailed')).toBe(expected);
  });
});
