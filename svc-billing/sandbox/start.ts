import { buildSandbox } from './app';
import { SANDBOX_CREDENTIALS } from './credentials';

export { TEST_NUMBERS } from './scenarios';

export interface RunningPaymentsSandbox {
  url: string;
  close(): Promise<void>;
}

/**
 * The payments sandbox on a free loopback port, with the sandbox's own credentials (svc-billing's
 * defaults), calling svc-billing back at `callbackBaseUrl` (where providers reach it: the gateway).
 * `npm start` and the e2e harness run it beside the platform; svc-billing itself only talks to the URLs
 * it is configured with.
 */
export async function startPaymentsSandbox(opts: {
  callbackBaseUrl: string;
  payDelayMs?: number;
}): Promise<RunningPaymentsSandbox> {
  const base = opts.callbackBaseUrl.replace(/\/$/, '');
  const sandbox = await buildSandbox({
    ...SANDBOX_CREDENTIALS,
    airtel: { ...SANDBOX_CREDENTIALS.airtel, callbackUrl: `${base}/api/billing/callbacks/airtel` },
    paystack: { ...SANDBOX_CREDENTIALS.paystack, webhookUrl: `${base}/api/billing/callbacks/card` },
    payDelayMs: opts.payDelayMs ?? 2000,
  });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => sandbox.close() };
}
