import { Type, type Static } from '@sinclair/typebox';
import {
  baseServiceEnv,
  MAX_TOKEN_LIFETIME_SECONDS,
  readKey,
  readServiceConfig,
  type ServiceConfig,
} from '@platform/service-kit';
import { PASSWORD_RULES, passwordWeakness } from './password-policy';

/** The env schema: the platform's base variables and svc-identity's own. The only place it reads process.env. */
const Env = Type.Object({
  ...baseServiceEnv(4001),
  JWT_PRIVATE_KEY: Type.Optional(Type.String()),
  JWT_PRIVATE_KEY_FILE: Type.Optional(Type.String()),
  /** Access token lifetime: hours, not weeks. */
  JWT_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: MAX_TOKEN_LIFETIME_SECONDS, default: 8 * 3600 }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 12 })),
  /** Failed logins to one account from one client address per window before that address gets 429. */
  LOGIN_ADDRESS_MAX_FAILURES: Type.Integer({ minimum: 1, default: 5 }),
  LOGIN_ADDRESS_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 15 * 60 }),
  /** Failed logins to one account from all addresses per window before 429 (distributed guessing)... */
  LOGIN_ACCOUNT_MAX_FAILURES: Type.Integer({ minimum: 1, default: 50 }),
  LOGIN_ACCOUNT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 3600 }),
  /** ...except from addresses the account logged in from within this many days: the owner keeps access. */
  LOGIN_KNOWN_ADDRESS_DAYS: Type.Integer({ minimum: 1, default: 90 }),
  /** Login and register attempts per client IP per minute. */
  LOGIN_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
  REGISTER_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 20 }),
  /** Requests per client IP per minute for e-mailed links (reset, sign-in, verification) and their use. */
  EMAIL_LINK_IP_PER_MINUTE: Type.Integer({ minimum: 1, default: 10 }),
  /**
   * Password hashes computed at once; more wait in a short queue per lane (logins to an account from its
   * own recent address, from any recent address, and the rest: passwords.ts), beyond it 503.
   */
  HASH_CONCURRENCY: Type.Integer({ minimum: 1, default: 2 }),
  HASH_QUEUE: Type.Integer({ minimum: 0, default: 32 }),
  /** The modules whose notices the inbox takes, comma-separated (derived from the module descriptors). */
  NOTIFICATION_PRODUCERS: Type.String({ pattern: '^([a-z][a-z-]*(,[a-z][a-z-]*)*)?$', default: '' }),
  /** smtp(s)://user:password@host:port: notices go out by e-mail too. Unset: in the inbox only. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** The sender of the platform's e-mails. */
  MAIL_FROM: Type.String({ minLength: 3, default: 'AfyaHR <no-reply@afyahr.local>' }),
  /** How often the mailer looks for immediate e-mails still unsent and for digests due. */
  MAIL_SWEEP_SECONDS: Type.Integer({ minimum: 1, default: 300 }),
  /**
   * Africa's Talking (SMS): notices that ask for it (licence alerts) are also texted when a username and
   * key are set. `npm start` without them runs a local SMS sandbox speaking the same API and sets all three.
   */
  AT_BASE_URL: Type.String({ pattern: '^https?://[^\\s/]+', default: 'https://api.africastalking.com' }),
  AT_USERNAME: Type.Optional(Type.String({ minLength: 1 })),
  AT_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** A registered sender id or short code; unset: the account's default. */
  AT_SENDER_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 11 })),
  /** The country a national number on a profile (0712…) is read in. */
  SMS_DEFAULT_COUNTRY_CODE: Type.String({ pattern: '^[1-9][0-9]{0,2}$', default: '254' }),
  /** How often texts still due (a provider's passing failure) are tried again. */
  SMS_SWEEP_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
});

export type IdentityConfig = Omit<
  ServiceConfig<Static<typeof Env>>,
  'JWT_PRIVATE_KEY' | 'JWT_PRIVATE_KEY_FILE'
> & {
  jwtPrivateKey: string;
};

export function readConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  const { JWT_PRIVATE_KEY, JWT_PRIVATE_KEY_FILE, ...c } = readServiceConfig(Env, env);
  if (c.ADMIN_EMAIL && c.ADMIN_PASSWORD) {
    // The admin account (named Administrator) skips signup: its password meets the same rule, at start-up.
    const verdict = passwordWeakness(c.ADMIN_PASSWORD, { name: 'Administrator', email: c.ADMIN_EMAIL });
    if (verdict)
      throw new Error(`Invalid configuration:\n  ADMIN_PASSWORD: ${PASSWORD_RULES[verdict.weakness]}`);
  }
  return { ...c, jwtPrivateKey: readKey(JWT_PRIVATE_KEY, JWT_PRIVATE_KEY_FILE, 'JWT_PRIVATE_KEY') };
}
