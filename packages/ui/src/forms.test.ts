import i18next from 'i18next';
import { ApiNetworkError } from '@platform/shell-state';
import { failureText } from './forms';
import en from './locales/en.json';

const t = (key: string) => `t:${key}`;

beforeAll(async () => {
  await i18next.init({ lng: 'en', ns: ['ui'], defaultNS: 'ui', resources: { en: { ui: en } } });
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
});
