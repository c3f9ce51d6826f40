import { generateKeyPair } from '@platform/testing';
import { readConfig } from './config';

describe('readConfig: the admin password', () => {
  const keys = generateKeyPair();
  const env = (ADMIN_PASSWORD: string) => ({
    DATABASE_URL: 'postgres://localhost/x',
    JWT_PRIVATE_KEY: keys.privateKey,
    JWT_PUBLIC_KEY: keys.publicKey,
    ADMIN_EMAIL: 'root@afya.example',
    ADMIN_PASSWORD,
  });

  it('refuses to start with a common or personal admin password', () => {
    expect(() => readConfig(env('qwerty123456'))).toThrow(
      'ADMIN_PASSWORD: is one of the most common passwords',
    );
    expect(() => readConfig(env('Administrator2026'))).toThrow(
      'ADMIN_PASSWORD: must not be built from your name or e-mail address',
    );
    expect(() => readConfig(env('root@afya.example'))).toThrow('ADMIN_PASSWORD: must not be built');
  });

  it('starts with a strong one', () => {
    expect(readConfig(env('a very long admin password')).ADMIN_PASSWORD).toBe('a very long admin password');
  });
});
