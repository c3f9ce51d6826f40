/**
 * `npm start` sells a plan with no provider configured: the platform runs the local payments sandbox beside
 * itself (payments-sandbox.ts), svc-billing talks to it over HTTP, and its callbacks come back through the
 * gateway, as a real provider's would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort, type TestDatabase } from '@platform/testing';
import { loadModules } from '@platform/modules';
import { readStartConfig, REPO_ROOT } from './config';
import { startPlatform, type RunningPlatform } from './platform';
import { paymentsSandboxFor } from './payments-sandbox';

/** What these calls answer (login: a token; billing: a payment or the subscription). */
interface Answer {
  token: string;
  data: { id: string; status: string; redirectUrl: string | null };
}

describe('the payments sandbox npm start runs', () => {
  let db: TestDatabase;
  let platform: RunningPlatform;
  let dataDir: string;
  const logs: string[] = [];
  let api: string;

  beforeAll(async () => {
    db = await createTestDatabase('payments_sandbox');
    dataDir = mkdtempSync(path.join(tmpdir(), 'payments-sandbox-'));
    const cfg = readStartConfig({
      PORT: String(await freePort()),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MODULES: 'billing',
    });
    platform = await startPlatform(cfg, (line) => logs.push(line), {
      buildFrontends: false,
      nats: { own: true },
      mailSandbox: false,
    });
    api = platform.url.replace('localhost', '127.0.0.1');
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, token?: string, body?: unknown, key?: string) => {
    const res = await fetch(`${api}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Answer };
  };

  it('sells standalone Hire by M-Pesa to a new clinic, paid through the sandbox and its callback', async () => {
    expect(logs.join('\n')).toMatch(/Payments: M-Pesa, Airtel Money, card go to the local payments sandbox/);
    const email = `clinic-${Date.now()}@sandbox.example`;
    const password = 'a long enough clinic password 42';
    const reg = await call('POST', '/api/user/register', undefined, {
      name: 'Sandbox Clinic',
      email,
      password,
      role: 'Clinic',
    });
    expect(reg.status).toBeLessThan(300);
    const { token } = (await call('POST', '/api/user/login', undefined, { email, password })).body;
    const checkout = await call(
      'POST',
      '/api/billing/checkout',
      token,
      { items: ['hire'], method: 'mpesa', phone: '0708374149' },
      'sandbox-hire-1',
    );
    expect(checkout.status).toBe(202);
    const id = checkout.body.data.id;
    let status = 'pending';
    for (let i = 0; i < 60 && status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call('GET', `/api/billing/payments/${id}`, token)).body.data.status;
    }
    expect(status).toBe('paid');
    const sub = await call('GET', '/api/billing/subscription', token);
    expect(sub.body.data).toMatchObject({ status: 'active' });
  }, 60_000);

  it('sends a card payment to the sandbox hosted page, never to a page of the platform', async () => {
    const email = `card-${Date.now()}@sandbox.example`;
    const password = 'a long enough clinic password 42';
    await call('POST', '/api/user/register', undefined, {
      name: 'Card Clinic',
      email,
      password,
      role: 'Clinic',
    });
    const { token } = (await call('POST', '/api/user/login', undefined, { email, password })).body;
    const checkout = await call(
      'POST',
      '/api/billing/checkout',
      token,
      { items: ['events'], method: 'card' },
      'sandbox-card-1',
    );
    expect(checkout.status).toBe(202);
    const redirect = new URL(checkout.body.data.redirectUrl!);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(redirect.origin).not.toBe(new URL(api).origin);
    expect((await fetch(redirect)).status).toBe(200);
  });
});

describe('paymentsSandboxFor', () => {
  const modules = loadModules(REPO_ROOT);
  const gateway = { localUrl: 'http://127.0.0.1:1', publicUrl: 'http://localhost:1' };

  it('runs nothing when every provider has its URL, or when billing does not run', async () => {
    const real = {
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
      AIRTEL_BASE_URL: 'https://openapi.airtel.africa',
      PAYSTACK_BASE_URL: 'https://api.paystack.co',
    };
    expect((await paymentsSandboxFor(modules, gateway, () => {}, real)).env).toEqual({});
    const withoutBilling = modules.filter((m) => m.name !== 'billing');
    expect((await paymentsSandboxFor(withoutBilling, gateway, () => {}, {})).env).toEqual({});
  });

  it('points only the providers without a URL at the sandbox, keeping a configured one', async () => {
    const { env, close } = await paymentsSandboxFor(modules, gateway, () => {}, {
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
    });
    try {
      expect(env.MPESA_BASE_URL).toBeUndefined();
      expect(env.AIRTEL_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(env.PAYSTACK_BASE_URL).toBe(env.AIRTEL_BASE_URL);
      expect(env.BILLING_CALLBACK_BASE_URL).toBe(gateway.localUrl);
      // It speaks Airtel's API: a token for the sandbox's credentials.
      const res = await fetch(`${env.AIRTEL_BASE_URL}/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'sandbox-client-id',
          client_secret: 'sandbox-client-secret',
          grant_type: 'client_credentials',
        }),
      });
      expect(res.status).toBe(200);
    } finally {
      await close();
    }
  });
});
