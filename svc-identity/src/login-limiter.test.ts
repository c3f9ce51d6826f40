import { LoginLimiter } from './login-limiter';

describe('LoginLimiter', () => {
  it('locks an account after the allowed failures and frees it when the window passes', () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter(5, 60_000, () => now);
    for (let i = 0; i < 4; i++) limiter.fail('a@x.org');
    expect(limiter.retryAfter('a@x.org')).toBe(0);
    limiter.fail('a@x.org');
    expect(limiter.retryAfter('a@x.org')).toBe(60);
    expect(limiter.retryAfter('b@x.org')).toBe(0);
    now += 60_001;
    expect(limiter.retryAfter('a@x.org')).toBe(0);
  });

  it('forgets failures after a successful login', () => {
    const limiter = new LoginLimiter(2, 60_000);
    limiter.fail('a@x.org');
    limiter.succeed('a@x.org');
    limiter.fail('a@x.org');
    expect(limiter.retryAfter('a@x.org')).toBe(0);
  });
});
