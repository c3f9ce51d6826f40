import { Type, type Static } from '@sinclair/typebox';
import { baseServiceEnv, readServiceConfig, type ServiceConfig } from '@platform/service-kit';
import { KRA_PIN_PATTERN } from '../contract/kra-pin';
import { SANDBOX_CREDENTIALS, SANDBOX_URL } from '../sandbox/credentials';

const { mpesa, airtel, paystack } = SANDBOX_CREDENTIALS;

/** The seller's details for local runs: a placeholder address and PIN no real invoice may carry. */
const SELLER_PLACEHOLDER = {
  name: 'AfyaHR Limited',
  address: 'P.O. Box 00000-00100, Nairobi, Kenya',
  kraPin: 'P000000000A',
};

/**
 * The env schema: the platform's base variables and svc-billing's own (each also listed in module.json's
 * `service.environment`, from which .env.example is generated). The only place it reads process.env.
 * Every provider defaults to the local payments sandbox (its fixed port; `npm start` runs one on a free
 * port and sets the URLs) with the sandbox's credentials; a real URL and credentials switch it to the real API.
 */
const Env = Type.Object({
  ...baseServiceEnv(4006),
  /** Where providers reach svc-billing's callbacks (the platform's public address, or this service). */
  BILLING_CALLBACK_BASE_URL: Type.Optional(Type.String()),
  /** Where the hosted card page sends the browser back (the site's address). */
  APP_URL: Type.String({ default: 'http://localhost:8080' }),
  /** Who sells, as every invoice and receipt says: legal name, postal address and KRA PIN. */
  BILLING_SELLER_NAME: Type.String({ minLength: 1, default: SELLER_PLACEHOLDER.name }),
  BILLING_SELLER_ADDRESS: Type.String({ minLength: 1, default: SELLER_PLACEHOLDER.address }),
  BILLING_SELLER_KRA_PIN: Type.String({ pattern: KRA_PIN_PATTERN, default: SELLER_PLACEHOLDER.kraPin }),
  MPESA_BASE_URL: Type.String({ default: SANDBOX_URL }),
  MPESA_CONSUMER_KEY: Type.String({ default: mpesa.consumerKey }),
  MPESA_CONSUMER_SECRET: Type.String({ default: mpesa.consumerSecret }),
  MPESA_SHORTCODE: Type.String({ default: mpesa.shortcode }),
  MPESA_PASSKEY: Type.String({ default: mpesa.passkey }),
  AIRTEL_BASE_URL: Type.String({ default: SANDBOX_URL }),
  AIRTEL_CLIENT_ID: Type.String({ default: airtel.clientId }),
  AIRTEL_CLIENT_SECRET: Type.String({ default: airtel.clientSecret }),
  AIRTEL_COUNTRY: Type.String({ default: 'KE' }),
  AIRTEL_CURRENCY: Type.String({ default: 'KES' }),
  /** Airtel's callback authentication secret; empty when it is not enabled on Airtel's portal. */
  AIRTEL_CALLBACK_SECRET: Type.String({ default: airtel.callbackSecret }),
  PAYSTACK_BASE_URL: Type.String({ default: SANDBOX_URL }),
  PAYSTACK_SECRET_KEY: Type.String({ default: paystack.secretKey }),
  /** How often pending payments and ended periods are looked at (seconds). */
  BILLING_SWEEP_SECONDS: Type.Number({ minimum: 0.1, default: 10 }),
  /** A pending payment older than this is settled by the provider's status query (seconds). */
  PAYMENT_QUERY_AFTER_SECONDS: Type.Number({ minimum: 0, default: 30 }),
  /** Rejected callbacks are kept this many days, and at most this many rows (anyone can send them). */
  REJECTED_CALLBACKS_KEEP_DAYS: Type.Number({ minimum: 1, default: 90 }),
  REJECTED_CALLBACKS_KEEP_ROWS: Type.Integer({ minimum: 1, default: 10_000 }),
  /** End-to-end runs only: a file holding how far (ms) the clock is moved forward (test-clock.ts). */
  BILLING_TEST_CLOCK_FILE: Type.Optional(Type.String({ minLength: 1 })),
});

export type BillingConfig = ServiceConfig<Static<typeof Env>>;

export function readConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  const config = readServiceConfig(Env, env);
  // A real provider with the sandbox's credentials would fail at the first payment: fail at start instead.
  const checks: [string, string, boolean][] = [
    [config.MPESA_BASE_URL, 'MPESA_CONSUMER_KEY', config.MPESA_CONSUMER_KEY === mpesa.consumerKey],
    [config.MPESA_BASE_URL, 'MPESA_PASSKEY', config.MPESA_PASSKEY === mpesa.passkey],
    [config.AIRTEL_BASE_URL, 'AIRTEL_CLIENT_ID', config.AIRTEL_CLIENT_ID === airtel.clientId],
    [config.PAYSTACK_BASE_URL, 'PAYSTACK_SECRET_KEY', config.PAYSTACK_SECRET_KEY === paystack.secretKey],
  ];
  // Real money means real tax invoices: they must name the seller's own PIN, not the placeholder.
  const realProvider = [config.MPESA_BASE_URL, config.AIRTEL_BASE_URL, config.PAYSTACK_BASE_URL].find(
    (url) => !isSandboxUrl(url),
  );
  if (realProvider)
    checks.push([
      realProvider,
      'BILLING_SELLER_KRA_PIN',
      config.BILLING_SELLER_KRA_PIN === SELLER_PLACEHOLDER.kraPin,
    ]);
  const bad = checks
    .filter(([url, , sandboxValue]) => !isSandboxUrl(url) && sandboxValue)
    .map(([, name]) => `  ${name}: still the sandbox's (or placeholder) value, with a real provider's URL`);
  // A moved clock ends trials and periods early: only ever against the sandbox, never with real money.
  const providers = [config.MPESA_BASE_URL, config.AIRTEL_BASE_URL, config.PAYSTACK_BASE_URL];
  if (config.BILLING_TEST_CLOCK_FILE !== undefined && !providers.every(isSandboxUrl))
    bad.push("  BILLING_TEST_CLOCK_FILE: a test clock, with a real provider's URL");
  if (bad.length > 0) throw new Error(`Invalid configuration:\n${bad.join('\n')}`);
  return config;
}

/** A loopback address: the local sandbox (tests and npm start), never a real provider. */
export function isSandboxUrl(url: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url);
}
