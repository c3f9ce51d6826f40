import postgres from 'postgres';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { eventually, readEvents } from '@platform/testing';
import { aUser, startIdentity, verifiedAccount, type TestContext } from './helpers';

/** A clinic's team: invitations by e-mail, answered by the account with that e-mail; members. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startIdentity({}, { mail: true });
});
afterAll(async () => ctx?.close());

interface Account {
  id: string;
  email: string;
  token: string;
  orgId: string | null;
}

/** An account whose owner proved the address (opened the link mailed at sign-up), unless `unverified`. */
async function account(role: 'user' | 'Clinic', name: string, { unverified = false } = {}): Promise<Account> {
  const body = aUser({ role, name, phone: role === 'user' ? '+254 700 000 001' : '' });
  if (!unverified) {
    const { token, user } = await verifiedAccount(ctx, body);
    return { id: user.id, email: user.email, token, orgId: user.orgId };
  }
  expect((await ctx.register(body)).statusCode).toBe(201);
  const { token, user } = (await ctx.login(body.email, body.password)).json();
  return { id: user.id, email: user.email, token, orgId: user.orgId };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Account, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: who ? { authorization: `Bearer ${who.token}` } : {},
  });

const orgOf = async (who: Account) => (await call('GET', '/api/user/org', who)).json().organization;
const updates = (id: string) =>
  readEvents<UserEventData>(ctx.natsUrl, `${ctx.prefix}${IdentityEvents.userUpdated}`).then((all) =>
    all.filter((e) => e.data.id === id),
  );

describe('a clinic invites a professional, who accepts', () => {
  let clinic: Account;
  let nurse: Account;
  let inviteId: string;
  beforeAll(async () => {
    clinic = await account('Clinic', 'Kisumu Lakeside Hospital');
    nurse = await account('user', 'Achieng Otieno');
  });

  it('sends the invitation, lists it as waiting and tells the nurse in her inbox', async () => {
    const res = await call('POST', '/api/user/org/invites', clinic, {
      email: ` ${nurse.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    const invite = res.json().data;
    inviteId = invite.id;
    expect(invite).toMatchObject({
      email: nurse.email,
      organization: 'Kisumu Lakeside Hospital',
      status: 'pending',
    });
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    expect(
      (await call('GET', '/api/user/org/invites', clinic)).json().data.map((i: { id: string }) => i.id),
    ).toEqual([inviteId]);
    const inbox = (await call('GET', '/api/user/notifications', nurse)).json().data;
    expect(inbox[0]).toMatchObject({
      kind: 'identity.team-invite',
      link: '/team',
      title: { en: 'Kisumu Lakeside Hospital invited you to join its team' },
    });
    const mine = (await call('GET', '/api/user/org/invites/mine', nurse)).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: inviteId, invitedBy: 'Kisumu Lakeside Hospital' })]);
  });

  it('refuses a second invitation to the same e-mail, a bad e-mail, and anyone but a clinic', async () => {
    const again = await call('POST', '/api/user/org/invites', clinic, { email: nurse.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('team.already_invited');
    const bad = await call('POST', '/api/user/org/invites', clinic, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email/);
    expect(
      (await call('POST', '/api/user/org/invites', undefined, { email: 'x@y.example' })).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/user/org/invites', nurse, { email: 'x@y.example' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/user/org/invites', nurse)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/org/members', nurse)).statusCode).toBe(403);
    // Nothing was added by the refusals.
    expect((await call('GET', '/api/user/org/invites', clinic)).json().data).toHaveLength(1);
  });

  it('lets only the addressee answer: another professional is refused and changes nothing', async () => {
    const other = await account('user', 'Baraka Mwangi');
    const res = await call('POST', `/api/user/org/invites/${inviteId}/accept`, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('team.not_yours');
    expect(await orgOf(other)).toBeNull();
    expect((await call('GET', '/api/user/org/invites', clinic)).json().data).toHaveLength(1);
    // The clinic cannot answer for her either.
    expect((await call('POST', `/api/user/org/invites/${inviteId}/accept`, clinic)).statusCode).toBe(403);
  });

  it('makes her a member once she accepts, and tells the other services once', async () => {
    const before = (await updates(nurse.id)).length;
    const res = await call('POST', `/api/user/org/invites/${inviteId}/accept`, nurse);
    expect(res.statusCode).toBe(200);
    const clinicOrg = await orgOf(clinic);
    expect(res.json().user.orgId).toBe(clinicOrg.id);
    expect(await orgOf(nurse)).toEqual({ id: clinicOrg.id, name: 'Kisumu Lakeside Hospital' });
    const events = await eventually(async () => {
      const all = await updates(nurse.id);
      return all.length > before ? all : undefined;
    });
    expect(events.filter((e) => e.data.orgId === clinicOrg.id)).toHaveLength(1);
    const members = (await call('GET', '/api/user/org/members', clinic)).json();
    expect(members.data).toEqual([expect.objectContaining({ id: nurse.id, name: 'Achieng Otieno' })]);
    expect(members.pageInfo.total).toBe(1);
    // Answered: no longer waiting, and a second answer finds it gone.
    expect((await call('GET', '/api/user/org/invites', clinic)).json().data).toEqual([]);
    expect((await call('POST', `/api/user/org/invites/${inviteId}/decline`, nurse)).statusCode).toBe(410);
    // Already in the team: a new invitation is refused.
    const again = await call('POST', '/api/user/org/invites', clinic, { email: nurse.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('team.already_member');
  });

  it('keeps her to one organisation: another clinic’s invitation waits until she leaves', async () => {
    const other = await account('Clinic', 'Eldoret Family Clinic');
    const invite = (await call('POST', '/api/user/org/invites', other, { email: nurse.email })).json().data;
    const res = await call('POST', `/api/user/org/invites/${invite.id}/accept`, nurse);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('team.in_another_organisation');
    expect((await orgOf(nurse)).name).toBe('Kisumu Lakeside Hospital');
    // The other clinic cannot take her out of Kisumu's team.
    expect((await call('DELETE', `/api/user/org/members/${nurse.id}`, other)).statusCode).toBe(404);
    expect((await call('POST', '/api/user/org/leave', nurse)).statusCode).toBe(200);
    expect(await orgOf(nurse)).toBeNull();
    expect((await call('POST', `/api/user/org/invites/${invite.id}/accept`, nurse)).statusCode).toBe(200);
    expect((await orgOf(nurse)).name).toBe('Eldoret Family Clinic');
    // Her new clinic removes her: she belongs to none, and Kisumu's members list no longer has her.
    expect((await call('DELETE', `/api/user/org/members/${nurse.id}`, other)).statusCode).toBe(200);
    expect(await orgOf(nurse)).toBeNull();
    expect((await call('GET', '/api/user/org/members', clinic)).json().data).toEqual([]);
  });
});

/** The claims a token carries (its middle part), as a page reading it would see them. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    orgId: string | null;
  };

describe('joining or leaving reaches the open session without signing in again', () => {
  it('answers accept and leave with a new session whose organisation is the one now stored', async () => {
    const clinic = await account('Clinic', 'Mombasa Coast Clinic');
    const nurse = await account('user', 'Wanjiru Kamau');
    expect(claimsOf(nurse.token).orgId).toBeNull();
    const invite = (await call('POST', '/api/user/org/invites', clinic, { email: nurse.email })).json().data;

    const joined = await call('POST', `/api/user/org/invites/${invite.id}/accept`, nurse);
    expect(joined.statusCode).toBe(200);
    const clinicOrg = await orgOf(clinic);
    const member = { ...nurse, token: joined.json().token as string };
    expect(claimsOf(member.token)).toMatchObject({ sub: nurse.id, orgId: clinicOrg.id });
    expect(joined.json().user.orgId).toBe(clinicOrg.id);
    // The new token is a real session: the services accept it.
    expect((await call('GET', '/api/user/me', member)).json().user.orgId).toBe(clinicOrg.id);

    const left = await call('POST', '/api/user/org/leave', member);
    expect(left.statusCode).toBe(200);
    expect(claimsOf(left.json().token).orgId).toBeNull();
    expect(left.json().user.orgId).toBeNull();
    // The server decides from what is stored, not the claim: her token naming the clinic finds no team.
    expect(await orgOf(member)).toBeNull();
  });
});

describe('an invitation nobody can squat', () => {
  it('is neither shown to nor answerable by an account that has not proved the address', async () => {
    const clinic = await account('Clinic', 'Mombasa Coast Clinic');
    const email = `invited.${Date.now()}@clinic.example`;
    const sent = await call('POST', '/api/user/org/invites', clinic, { email });
    expect(sent.statusCode).toBe(201);
    const inviteId = sent.json().data.id as string;
    // Someone signs up with the invited address, without access to its mailbox: signed in by the sign-up.
    const signedUp = await ctx.register(aUser({ email, name: 'Squatter' }));
    expect(signedUp.statusCode).toBe(201);
    const squatter = signedUp.json();
    const as = { id: squatter.user.id, email, token: squatter.token, orgId: null };
    expect((await call('GET', '/api/user/org/invites/mine', as)).json().data).toEqual([]);
    for (const answer of ['accept', 'decline']) {
      const res = await call('POST', `/api/user/org/invites/${inviteId}/${answer}`, as);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.email_unverified');
    }
    expect(await orgOf(as)).toBeNull();
    expect((await call('GET', '/api/user/org/invites', clinic)).json().data).toHaveLength(1);

    // The address's real owner opens the link it was sent, and then sees and accepts the invitation.
    const token = await ctx.linkSecret(email, '/verify-email');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/email/verify',
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/api/user/org/invites/mine', as)).json().data).toHaveLength(1);
    expect((await call('POST', `/api/user/org/invites/${inviteId}/accept`, as)).statusCode).toBe(200);
  });

  it('answers an invitation to a clinic’s address as one to an address with no account', async () => {
    const clinic = await account('Clinic', 'Kampala Heart Centre');
    const otherClinic = await account('Clinic', 'Dar Diagnostics');
    const toClinic = await call('POST', '/api/user/org/invites', clinic, { email: otherClinic.email });
    const toNobody = await call('POST', '/api/user/org/invites', clinic, {
      email: `nobody.${Date.now()}@clinic.example`,
    });
    expect(toClinic.statusCode).toBe(201);
    expect(toNobody.statusCode).toBe(201);
    expect(Object.keys(toClinic.json().data).sort()).toEqual(Object.keys(toNobody.json().data).sort());
    // Nobody is told: the clinic account's inbox stays empty.
    expect((await call('GET', '/api/user/notifications', otherClinic)).json().data).toEqual([]);
  });
});

describe('invitations that are gone', () => {
  it('withdrawn by the clinic, or expired: 410, and the person stays outside', async () => {
    const clinic = await account('Clinic', 'Mombasa Road Clinic');
    const nurse = await account('user', 'Zawadi Njeri');
    const first = (await call('POST', '/api/user/org/invites', clinic, { email: nurse.email })).json().data;
    // Another clinic cannot withdraw it.
    const stranger = await account('Clinic', 'Kampala Heart Centre');
    expect((await call('DELETE', `/api/user/org/invites/${first.id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/org/invites/${first.id}`, clinic)).statusCode).toBe(200);
    expect((await call('POST', `/api/user/org/invites/${first.id}/accept`, nurse)).statusCode).toBe(410);
    expect((await call('GET', '/api/user/org/invites/mine', nurse)).json().data).toEqual([]);

    const second = (await call('POST', '/api/user/org/invites', clinic, { email: nurse.email })).json().data;
    const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      await sql`update identity.org_invites set expires_at = now() - interval '1 minute' where id = ${second.id}`;
    } finally {
      await sql.end();
    }
    const res = await call('POST', `/api/user/org/invites/${second.id}/accept`, nurse);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('team.invite_gone');
    expect(await orgOf(nurse)).toBeNull();
    expect((await call('GET', '/api/user/org/invites', clinic)).json().data).toEqual([]);
  });

  it('caps the invitations waiting at 200 an organisation, and withdrawing one makes room', async () => {
    const clinic = await account('Clinic', 'Nakuru Level 5 Hospital');
    const orgId = (await orgOf(clinic)).id;
    const sql = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      // Sent over the past days (the hourly limit is another test's).
      await sql`insert into identity.org_invites (org_id, email, invited_by, created_at, expires_at)
        select ${orgId}, 'bulk' || i || '@example.org', ${clinic.id}, now() - interval '2 days',
          now() + interval '12 days'
        from generate_series(1, 200) i`;
    } finally {
      await sql.end();
    }
    const res = await call('POST', '/api/user/org/invites', clinic, { email: 'one-more@example.org' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('team.too_many_pending');
    const waiting = (await call('GET', '/api/user/org/invites', clinic)).json().data;
    expect(waiting).toHaveLength(200);
    expect((await call('DELETE', `/api/user/org/invites/${waiting[0].id}`, clinic)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/user/org/invites', clinic, { email: 'one-more@example.org' })).statusCode,
    ).toBe(201);
  });

  it('tells a person once a day however often a clinic invites and withdraws, and limits invitations an hour', async () => {
    const clinic = await account('Clinic', 'Naivasha Lakeside Clinic');
    const nurse = await account('user', 'Wambui Njeri');
    for (let i = 0; i < 5; i++) {
      const sent = await call('POST', '/api/user/org/invites', clinic, { email: nurse.email });
      expect(sent.statusCode).toBe(201);
      expect((await call('DELETE', `/api/user/org/invites/${sent.json().data.id}`, clinic)).statusCode).toBe(
        200,
      );
    }
    const notices = (await call('GET', '/api/user/notifications', nurse)).json().data as Array<{
      kind: string;
    }>;
    expect(notices.filter((n) => n.kind === 'identity.team-invite')).toHaveLength(1);
    await ctx.app.mailer!.sweep();
    const mails = ctx.smtp!.inbox.filter((m) => m.to === nurse.email && m.raw.includes('invited you'));
    expect(mails).toHaveLength(1);

    // Five sent already this hour: 45 more are taken, the next is refused.
    for (let i = 0; i < 45; i++)
      expect(
        (await call('POST', '/api/user/org/invites', clinic, { email: `many${i}@example.org` })).statusCode,
      ).toBe(201);
    const over = await call('POST', '/api/user/org/invites', clinic, { email: 'one-too-many@example.org' });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('team.too_many_invites');
  });

  it('refuses a malformed id with a clear 400', async () => {
    const nurse = await account('user', 'Neema Atieno');
    const res = await call('POST', '/api/user/org/invites/not-a-uuid/accept', nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id/);
  });
});
