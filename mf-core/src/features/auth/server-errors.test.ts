import i18next from 'i18next';
import { failureText } from '@platform/ui';
import en from '../../locales/en.json';
import sw from '../../locales/sw.json';
import fr from '../../locales/fr.json';

/** What svc-identity answers on the login and signup pages, and the texts the visitor reads instead. */
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
    ns: ['core'],
    resources: Object.fromEntries(Object.entries(locales).map(([lng, core]) => [lng, { core }])),
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
