import i18next from 'i18next';
import { ApiNetworkError } from '@platform/shell-state';
import { failureText } from './forms';
import en from './locales/en.json';

const t = (key: string) => `t:${key}`;

const page = {
  serverErrors: { auth: { email_taken: 'Page text for auth.email_taken' } },
  signupFailed: 'Sign-up failed.',
};

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    ns: ['ui', 'page'],
    defaultNS: 'ui',
    resources: { en: { ui: en, page } },
  });
});

describe('failureText', () => {
  it('prefers the server message, then the fallback, and says networkError when no answer came', () => {
    expect(failureText(t, { body: { message: 'Invalid email or password.' } }, 'loginFailed')).toBe(
      'Invalid email or password.',
    );
    expect(failureText(t, { body: {} }, 'loginFailed')).toBe('t:loginFailed');
    expect(failureText(t, new ApiNetworkError(), 'loginFailed')).toBe(en.networkError);
    expect(failureText(t, new Error('boom'), 'signupFailed')).toBe('t:signupFailed');
  });

  it("prefers a translation of the server's code: the page's, then the shared one", () => {
    const pageT = i18next.getFixedT('en', 'page');
    const failure = (code: string, message = 'English from the server.') => ({
      body: { success: false, message, code },
    });
    expect(failureText(pageT, failure('auth.email_taken'), 'signupFailed')).toBe(
      'Page text for auth.email_taken',
    );
    expect(failureText(pageT, failure('request.rate_limited'), 'signupFailed')).toBe(
      en.serverErrors.request.rate_limited,
    );
    // A code nobody translates: the server's message, else the page's fallback.
    expect(failureText(pageT, failure('auth.something_new'), 'signupFailed')).toBe(
      'English from the server.',
    );
    expect(failureText(pageT, failure('auth.something_new', ''), 'signupFailed')).toBe('Sign-up failed.');
  });

  it("quotes the answer's reason and formats its end date in the page's language (a suspension)", async () => {
    const suspended = (until?: string) => ({
      body: {
        success: false,
        message: 'Your account is suspended.',
        code: until ? 'auth.account_suspended_until' : 'auth.account_suspended',
        reason: 'Licence under review',
        ...(until ? { until } : {}),
      },
    });
    const pageT = i18next.getFixedT('en', 'page');
    expect(failureText(pageT, suspended(), 'loginFailed')).toBe(
      'This account is suspended: Licence under review. Contact AfyaHR support to find out more.',
    );
    expect(failureText(pageT, suspended('2026-12-24T09:00:00.000Z'), 'loginFailed')).toMatch(
      /^This account is suspended until 12\/24\/2026: Licence under review\./,
    );
  });

  it('follows the code with its hints translated (a password estimator’s feedback), leaving out unknown ones', () => {
    const pageT = i18next.getFixedT('en', 'page');
    const weak = {
      body: {
        success: false,
        message: 'password: is easy to guess.',
        code: 'auth.password_weak',
        hints: ['warning.similarToCommon', 'suggestion.anotherWord', 'suggestion.from_the_future'],
      },
    };
    expect(failureText(pageT, weak, 'signupFailed')).toBe(
      [
        en.serverErrors.auth.password_weak,
        en.serverHints.warning.similarToCommon,
        en.serverHints.suggestion.anotherWord,
      ].join(' '),
    );
  });
});
