import { Type, type Static } from '@sinclair/typebox';
import { loadConfig } from '@platform/service-kit';
import { SANDBOX_CREDENTIALS, SANDBOX_PORT } from './credentials';

const { mpesa, airtel, paystack } = SANDBOX_CREDENTIALS;

/**
 * The payments sandbox's settings. The credentials are the sandbox's own (not secrets: it only
 * pretends to move money) and must match what svc-billing is configured with; the callback and webhook
 * URLs stand for what a merchant registers on Airtel's portal and Paystack's dashboard.
 */
const Env = Type.Object({
  SANDBOX_PORT: Type.Integer({ minimum: 0, default: SANDBOX_PORT }),
  SANDBOX_HOST: Type.String({ default: '127.0.0.1' }),
  /** How long a test phone takes to answer a prompt (the spec's simulated wait is 2 s). */
  SANDBOX_PAY_DELAY_MS: Type.Integer({ minimum: 0, default: 2000 }),
  MPESA_CONSUMER_KEY: Type.String({ default: mpesa.consumerKey }),
  MPESA_CONSUMER_SECRET: Type.String({ default: mpesa.consumerSecret }),
  MPESA_SHORTCODE: Type.String({ default: mpesa.shortcode }),
  MPESA_PASSKEY: Type.String({ default: mpesa.passkey }),
  AIRTEL_CLIENT_ID: Type.String({ default: airtel.clientId }),
  AIRTEL_CLIENT_SECRET: Type.String({ default: airtel.clientSecret }),
  AIRTEL_CALLBACK_URL: Type.Optional(Type.String()),
  AIRTEL_CALLBACK_SECRET: Type.String({ default: airtel.callbackSecret }),
  PAYSTACK_SECRET_KEY: Type.String({ default: paystack.secretKey }),
  PAYSTACK_WEBHOOK_URL: Type.Optional(Type.String()),
});

export type SandboxEnv = Static<typeof Env>;

export function readSandboxEnv(env: Record<string, string | undefined> = process.env): SandboxEnv {
  return loadConfig(Env, env);
}
