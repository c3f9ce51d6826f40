import {
  SMS_SANDBOX_CREDENTIALS,
  SMS_TEST_NUMBERS,
  startSmsSandbox,
} from '@platform/svc-identity/sms-sandbox';

/**
 * `npm start` (and the e2e and bench harnesses): the local SMS sandbox when no Africa's Talking key is set,
 * so licence alerts are texted on a laptop with no account; each text is printed. Answers the variables
 * svc-identity is started with and how to stop the sandbox. Nothing runs when real credentials are set.
 */
export async function smsSandboxFor(
  log: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (env.AT_API_KEY) return { env: {}, close: async () => {} };
  const sandbox = await startSmsSandbox({ onMessage: (sms) => log(`SMS to ${sms.to}: ${sms.message}`) });
  log(
    `SMS: AT_API_KEY is not set, so texts go to the local SMS sandbox at ${sandbox.url} and are shown here ` +
      `(test numbers: ${SMS_TEST_NUMBERS.blacklisted} opted out, ${SMS_TEST_NUMBERS.gatewayError} a gateway error)`,
  );
  return {
    env: {
      AT_BASE_URL: sandbox.url,
      AT_USERNAME: SMS_SANDBOX_CREDENTIALS.username,
      AT_API_KEY: SMS_SANDBOX_CREDENTIALS.apiKey,
    },
    close: () => sandbox.close(),
  };
}
