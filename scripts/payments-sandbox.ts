import type { ModuleDescriptor } from '@platform/contracts';
import { startPaymentsSandbox, TEST_NUMBERS } from '@platform/svc-billing/sandbox';

/** Each provider's base URL variable in svc-billing, with its name for people. */
const PROVIDERS = [
  ['MPESA_BASE_URL', 'M-Pesa'],
  ['AIRTEL_BASE_URL', 'Airtel Money'],
  ['PAYSTACK_BASE_URL', 'card'],
] as const;

/**
 * `npm start` (and the e2e and bench harnesses) with billing running: the local payments sandbox for every
 * provider whose base URL is not set, so a plan is sold end to end on a laptop with no internet. Answers the
 * variables svc-billing is started with (the sandbox's URL; the gateway as its callback address and the
 * site for the card page's return) and how to stop the sandbox. Nothing runs when every provider is real.
 */
export async function paymentsSandboxFor(
  modules: ModuleDescriptor[],
  gateway: { localUrl: string; publicUrl: string },
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const missing = PROVIDERS.filter(([variable]) => !env[variable]);
  if (!modules.some((m) => m.name === 'billing') || missing.length === 0)
    return { env: {}, close: async () => {} };
  const callbackBaseUrl = env.BILLING_CALLBACK_BASE_URL || gateway.localUrl;
  const sandbox = await startPaymentsSandbox({ callbackBaseUrl });
  log(
    `Payments: ${missing.map(([, name]) => name).join(', ')} go to the local payments sandbox at ${sandbox.url} ` +
      `(no provider URL set); test numbers ${Object.values(TEST_NUMBERS).join(', ')}`,
  );
  return {
    env: {
      ...Object.fromEntries(missing.map(([variable]) => [variable, sandbox.url])),
      BILLING_CALLBACK_BASE_URL: callbackBaseUrl,
      APP_URL: env.APP_URL || gateway.publicUrl,
    },
    close: () => sandbox.close(),
  };
}
