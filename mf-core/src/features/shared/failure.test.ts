import { ApiNetworkError } from '@platform/shell-state';
import { failureText } from './failure';

const t = (key: string) => `t:${key}`;

describe('failureText', () => {
  it('prefers the server message, then the fallback, and says networkError when no answer came', () => {
    expect(failureText(t, { body: { message: 'Invalid email or password.' } }, 'loginFailed')).toBe(
      'Invalid email or password.',
    );
    expect(failureText(t, { body: {} }, 'loginFailed')).toBe('t:loginFailed');
    expect(failureText(t, new ApiNetworkError(), 'loginFailed')).toBe('t:networkError');
    expect(failureText(t, new Error('boom'), 'signupFailed')).toBe('t:signupFailed');
  });
});
