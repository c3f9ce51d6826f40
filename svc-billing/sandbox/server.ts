import { buildSandbox } from './app';
import { readSandboxEnv } from './config';
import { TEST_NUMBERS } from './scenarios';

/** Runs the payments sandbox alone (`npm start` runs it for svc-billing when no real credentials are set). */
async function main() {
  const env = readSandboxEnv();
  const app = await buildSandbox({
    mpesa: {
      consumerKey: env.MPESA_CONSUMER_KEY,
      consumerSecret: env.MPESA_CONSUMER_SECRET,
      shortcode: env.MPESA_SHORTCODE,
      passkey: env.MPESA_PASSKEY,
    },
    airtel: {
      clientId: env.AIRTEL_CLIENT_ID,
      clientSecret: env.AIRTEL_CLIENT_SECRET,
      callbackUrl: env.AIRTEL_CALLBACK_URL,
      callbackSecret: env.AIRTEL_CALLBACK_SECRET,
    },
    paystack: { secretKey: env.PAYSTACK_SECRET_KEY, webhookUrl: env.PAYSTACK_WEBHOOK_URL },
    payDelayMs: env.SANDBOX_PAY_DELAY_MS,
    logger: true,
  });
  const address = await app.listen({ port: env.SANDBOX_PORT, host: env.SANDBOX_HOST });
  app.log.info({ address, testNumbers: TEST_NUMBERS }, 'payments sandbox listening');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
