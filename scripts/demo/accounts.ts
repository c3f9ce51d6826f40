import { CLINICS, DEMO_DOMAIN, DEMO_PASSWORD, PROFESSIONALS } from './data';
import { DemoError, type DemoClient, type Log } from './client';

export interface DemoAccount {
  key: string;
  email: string;
  id: string;
  /** Registered by this load (false: it was there already, and so was its part of the demo). */
  fresh: boolean;
}

/** The demo's accounts by key, and a signed-in token for each one that is needed (asked for once). */
export class DemoAccounts {
  private readonly tokens = new Map<string, string>();
  constructor(
    private readonly client: DemoClient,
    readonly byKey: Map<string, DemoAccount>,
    readonly adminToken: string,
  ) {}

  get(key: string): DemoAccount {
    const a = this.byKey.get(key);
    if (!a) throw new DemoError(`demo: no account "${key}"`);
    return a;
  }

  async token(key: string): Promise<string> {
    const known = this.tokens.get(key);
    if (known) return known;
    const token = await signIn(this.client, this.get(key).email, DEMO_PASSWORD);
    this.tokens.set(key, token);
    return token;
  }
}

export async function signIn(client: DemoClient, email: string, password: string): Promise<string> {
  const { body } = await client.call<{ token: string }>('POST', '/api/user/login', {
    body: { email, password },
  });
  return body.token;
}

interface AccountRow {
  id: string;
  email: string;
}

/**
 * Registers the demo accounts that do not exist yet (the admin's account list says which do: an existing
 * account is skipped) and gives the fresh ones their full profile.
 */
export async function ensureAccounts(
  client: DemoClient,
  admin: { email: string; password: string },
  log: Log,
): Promise<DemoAccounts> {
  const adminToken = await signIn(client, admin.email, admin.password);
  const existingList = async () =>
    new Map(
      (
        await client.all<AccountRow>(
          `/api/user/admin/accounts?search=${encodeURIComponent(`@${DEMO_DOMAIN}`)}`,
          adminToken,
        )
      ).map((a) => [a.email, a.id]),
    );
  const before = await existingList();
  const people = [
    ...CLINICS.map((c) => ({
      key: c.key,
      register: {
        name: c.name,
        email: c.email,
        password: DEMO_PASSWORD,
        role: 'Clinic',
        description: c.description,
        address: `${c.city}, ${c.country}`,
        phone: c.phone,
      },
      profile: { facility: c.name, location: c.city, country: c.country },
    })),
    ...PROFESSIONALS.map((p) => ({
      key: p.key,
      register: {
        name: p.name,
        email: p.email,
        password: DEMO_PASSWORD,
        role: 'user',
        designation: p.designation,
        description: p.description,
        address: `${p.city}, ${p.country}`,
        phone: p.phone,
        skills: p.skills,
      },
      profile: { facility: p.facility, location: p.city, country: p.country },
    })),
  ];
  const fresh = people.filter((p) => !before.has(p.register.email));
  for (const p of fresh) await client.call('POST', '/api/user/register', { body: p.register });
  const after = fresh.length ? await existingList() : before;
  const byKey = new Map<string, DemoAccount>();
  for (const p of people) {
    const id = after.get(p.register.email);
    if (!id) throw new DemoError(`demo: ${p.register.email} was not registered`);
    byKey.set(p.key, { key: p.key, email: p.register.email, id, fresh: !before.has(p.register.email) });
  }
  const accounts = new DemoAccounts(client, byKey, adminToken);
  for (const p of fresh) {
    await client.call('PUT', '/api/user/me', { token: await accounts.token(p.key), body: p.profile });
    // The demo's reserved domain receives no mail: the admin vouches for each address (audited), so the
    // demo's people can join teams and see contact details as verified members do.
    await client.call('POST', `/api/user/admin/accounts/${byKey.get(p.key)!.id}/verify-email`, {
      token: adminToken,
    });
  }
  log(`demo: ${fresh.length} accounts registered, ${people.length - fresh.length} already there`);
  return accounts;
}
