/**
 * The payments sandbox's own credentials. Not secrets: the sandbox only pretends to move money. svc-billing
 * uses them by default, so `npm start` sells a plan with no configuration; setting a provider's real
 * credentials and URL (see .env.example) switches that provider to its real API.
 */
export const SANDBOX_CREDENTIALS = {
  mpesa: {
    consumerKey: 'sandbox-consumer-key',
    consumerSecret: 'sandbox-consumer-secret',
    shortcode: '174379',
    passkey: 'sandbox-passkey',
  },
  airtel: {
    clientId: 'sandbox-client-id',
    clientSecret: 'sandbox-client-secret',
    callbackSecret: 'sandbox-airtel-callback-secret',
  },
  paystack: { secretKey: 'sk_test_sandbox' },
} as const;

export const SANDBOX_PORT = 4090;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
