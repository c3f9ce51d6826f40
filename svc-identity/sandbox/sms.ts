import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local SMS sandbox speaking Africa's Talking's bulk SMS API (`POST /version1/messaging`, form-encoded,
 * `apiKey` header, `SMSMessageData.Recipients[]` answers), so the platform texts its alerts on a laptop with
 * no account and no internet. It keeps what it was sent in memory (`messages`; `GET /sandbox/messages`
 * lists them) and tells each to `onMessage`. `npm start` runs it when no Africa's Talking key is set.
 */
export const SMS_SANDBOX_CREDENTIALS = { username: 'sandbox', apiKey: 'sandbox-at-api-key' } as const;

/** Numbers the sandbox answers as Africa's Talking would for a number that opted out, or a gateway error. */
export const SMS_TEST_NUMBERS = { blacklisted: '+254700000406', gatewayError: '+254700000501' } as const;

export interface SandboxSms {
  messageId: string;
  to: string;
  message: string;
  from: string | null;
  at: string;
}

export interface RunningSmsSandbox {
  url: string;
  messages: SandboxSms[];
  close(): Promise<void>;
}

const COST_PER_PART = 0.8;
const E164 = /^\+[1-9]\d{9,14}$/;

function recipientFor(to: string, parts: number) {
  const failed = (statusCode: number, status: string) => ({
    statusCode,
    number: to,
    status,
    cost: '0',
    messageId: 'None',
  });
  if (!E164.test(to)) return failed(403, 'InvalidPhoneNumber');
  if (to === SMS_TEST_NUMBERS.blacklisted) return failed(406, 'UserInBlacklist');
  if (to === SMS_TEST_NUMBERS.gatewayError) return failed(501, 'GatewayError');
  return {
    statusCode: 101,
    number: to,
    status: 'Success',
    cost: `KES ${(COST_PER_PART * parts).toFixed(4)}`,
    messageId: `ATXid_${randomBytes(16).toString('hex')}`,
    messageParts: parts,
  };
}

export async function buildSmsSandbox(opts: {
  username: string;
  apiKey: string;
  onMessage?: (sms: SandboxSms) => void;
}): Promise<{ app: FastifyInstance; messages: SandboxSms[] }> {
  const app = Fastify({ logger: false });
  const messages: SandboxSms[] = [];
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/version1/messaging', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    if (request.headers.apikey !== opts.apiKey || form.username !== opts.username)
      return reply.status(401).type('text/plain').send('The supplied authentication is invalid');
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return reply.status(415).type('text/plain').send('Unsupported content type');
    for (const field of ['to', 'message'] as const)
      if (!form[field])
        return reply.status(400).type('text/plain').send(`Request is missing required form field '${field}'`);
    const parts = Math.ceil(form.message!.length / 160);
    const recipients = form
      .to!.split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((to) => recipientFor(to, parts));
    for (const r of recipients)
      if (r.statusCode === 101) {
        const sms = {
          messageId: r.messageId,
          to: r.number,
          message: form.message!,
          from: form.from ?? null,
          at: new Date().toISOString(),
        };
        messages.push(sms);
        opts.onMessage?.(sms);
      }
    const sent = recipients.filter((r) => r.statusCode === 101);
    const total = sent.length * parts * COST_PER_PART;
    return reply.status(201).send({
      SMSMessageData: {
        Message: `Sent to ${sent.length}/${recipients.length} Total Cost: KES ${total.toFixed(4)}`,
        Recipients: recipients,
      },
    });
  });

  /** The sandbox's own page of what it was sent (Africa's Talking's simulator shows it on a phone). */
  app.get('/sandbox/messages', async () => ({ messages }));
  return { app, messages };
}

/** The SMS sandbox on a free loopback port with its own credentials (svc-identity is given them). */
export async function startSmsSandbox(
  opts: { onMessage?: (sms: SandboxSms) => void } = {},
): Promise<RunningSmsSandbox> {
  const { app, messages } = await buildSmsSandbox({ ...SMS_SANDBOX_CREDENTIALS, ...opts });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, messages, close: () => app.close() };
}
