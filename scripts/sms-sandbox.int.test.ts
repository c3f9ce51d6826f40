import { smsSandboxFor } from './sms-sandbox';

it("runs the SMS sandbox unless Africa's Talking credentials are set, and prints each text", async () => {
  expect((await smsSandboxFor(() => {}, { AT_API_KEY: 'live-key', AT_USERNAME: 'afyahr' })).env).toEqual({});

  const logs: string[] = [];
  const sandbox = await smsSandboxFor((line) => logs.push(line), {});
  try {
    expect(sandbox.env).toMatchObject({ AT_USERNAME: 'sandbox', AT_API_KEY: expect.any(String) });
    const res = await fetch(`${sandbox.env.AT_BASE_URL}/version1/messaging`, {
      method: 'POST',
      headers: {
        apiKey: sandbox.env.AT_API_KEY!,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: 'sandbox', to: '+254712345678', message: 'Hello' }).toString(),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).SMSMessageData.Recipients).toEqual([
      expect.objectContaining({ number: '+254712345678', status: 'Success', statusCode: 101 }),
    ]);
    expect(logs).toContain('SMS to +254712345678: Hello');
    // A wrong key is refused as Africa's Talking refuses it.
    const refused = await fetch(`${sandbox.env.AT_BASE_URL}/version1/messaging`, {
      method: 'POST',
      headers: { apiKey: 'wrong', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'sandbox', to: '+254712345678', message: 'Hello' }).toString(),
    });
    expect(refused.status).toBe(401);
  } finally {
    await sandbox.close();
  }
});
