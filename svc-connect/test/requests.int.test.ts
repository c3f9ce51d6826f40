import { type NotificationRequestedData } from '@platform/contracts';
import { ConnectEvents, type RequestSentData } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { daysAgo, startConnect, type ConnectContext, type Persona } from './helpers';

let ctx: ConnectContext;
beforeAll(async () => {
  ctx = await startConnect();
});
afterAll(async () => ctx?.close());

const send = (from: Persona | undefined, to: Persona) =>
  ctx.call('POST', '/api/connect/requests', from, { userId: to.id });
const decide = (who: Persona | undefined, id: string, status: string) =>
  ctx.call('PATCH', `/api/connect/requests/${id}`, who, { status });
const count = async () =>
  (await ctx.sql<{ n: number }>('select count(*)::int as n from connect.connection_requests'))[0]!.n;
const pair = async () => [await ctx.member('user'), await ctx.member('user')] as const;

describe('sending', () => {
  it("keeps the spec's POST /api/connect: whom by clientEmail, the sender from the token", async () => {
    const [me, them] = await pair();
    const res = await ctx.call('POST', '/api/connect', me, {
      clientEmail: them.email.toUpperCase(),
      userName: 'Someone Else',
      userEmail: 'someone@else.example',
    });
    expect(res.statusCode).toBe(202);
    const sent = await ctx.sql<{ from_id: string; to_id: string; status: string }>(
      'select from_id, to_id, status from connect.connection_requests where to_id = $1',
      them.id,
    );
    expect(sent).toEqual([{ from_id: me.id, to_id: them.id, status: 'pending' }]);
  });

  it('answers alike for a professional’s address, nobody’s and one already asked: no e-mail oracle', async () => {
    const [me, them] = await pair();
    const known = await ctx.call('POST', '/api/connect', me, { clientEmail: them.email });
    const before = await count();
    const unknown = await ctx.call('POST', '/api/connect', me, { clientEmail: 'nobody@nowhere.example' });
    const again = await ctx.call('POST', '/api/connect', me, { clientEmail: them.email });
    for (const res of [unknown, again]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    // Nothing in the answer names the person.
    expect(known.body).not.toContain(them.id);
    expect(await count()).toBe(before);
  });

  it("answers a visitor with the spec's message and a malformed body with 400, changing nothing", async () => {
    const [, them] = await pair();
    const before = await count();
    const visitor = await ctx.call('POST', '/api/connect', undefined, { clientEmail: them.email });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ message: 'Please login first', code: 'connect.login_required' });
    const me = await ctx.member('user');
    const bad = await ctx.call('POST', '/api/connect', me, { clientEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^clientEmail/);
    const extra = await ctx.call('POST', '/api/connect/requests', me, { userId: them.id, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/^isAdmin/);
    expect(await count()).toBe(before);
  });

  it('refuses a request to yourself (422), a duplicate either way and a connected pair (409)', async () => {
    const [me, them] = await pair();
    expect((await send(me, me)).statusCode).toBe(422);
    expect((await send(me, me)).json().code).toBe('connect.request_self');
    const first = await send(me, them);
    expect(first.statusCode).toBe(201);
    const before = await count();
    for (const [from, to] of [
      [me, them],
      [them, me],
    ] as const) {
      const again = await send(from, to);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('connect.request_exists');
    }
    expect((await decide(them, first.json().data.id, 'accepted')).statusCode).toBe(200);
    const connected = await send(them, me);
    expect(connected.statusCode).toBe(409);
    expect(connected.json().code).toBe('connect.already_connected');
    expect(await count()).toBe(before);
  });

  it('makes one request of two simultaneous ones between the same pair (either way)', async () => {
    const [a, b] = await pair();
    const answers = await Promise.all([send(a, b), send(b, a), send(a, b), send(b, a)]);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const rows = await ctx.sql(
      `select 1 from connect.connection_requests where user_low = least($1::uuid, $2::uuid) and user_high = greatest($1::uuid, $2::uuid)`,
      a.id,
      b.id,
    );
    expect(rows).toHaveLength(1);
  });

  it('lets a declined or withdrawn pair ask again only after 21 days', async () => {
    const [me, them] = await pair();
    const first = (await send(me, them)).json().data.id;
    expect((await decide(them, first, 'declined')).statusCode).toBe(200);
    const soon = await send(me, them);
    expect(soon.statusCode).toBe(409);
    expect(soon.json().code).toBe('connect.request_cooling_off');
    await ctx.sql(`update connect.connection_requests set decided_at = $1 where id = $2`, daysAgo(20), first);
    expect((await send(me, them)).statusCode).toBe(409);
    await ctx.sql(`update connect.connection_requests set decided_at = $1 where id = $2`, daysAgo(22), first);
    const later = await send(me, them);
    expect(later.statusCode).toBe(201);
    // Withdrawn works the same way.
    expect((await decide(me, later.json().data.id, 'withdrawn')).statusCode).toBe(200);
    expect((await send(me, them)).json().code).toBe('connect.request_cooling_off');
  });

  it('limits an account younger than 7 days to 20 requests a day (429 with Retry-After)', async () => {
    const newcomer = await ctx.member('user', { createdAt: daysAgo(2) });
    const people = await Promise.all(Array.from({ length: 21 }, () => ctx.member('user')));
    for (const p of people.slice(0, 20)) expect((await send(newcomer, p)).statusCode).toBe(201);
    const before = await count();
    const refused = await send(newcomer, people[20]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('connect.request_daily_limit');
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(86_000);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(await count()).toBe(before);
    // An established account has no such cap.
    const veteran = await ctx.member('user');
    for (const p of people.slice(0, 21)) expect((await send(veteran, p)).statusCode).toBe(201);
  });
});

describe('answering', () => {
  it('lets only the recipient accept or decline and only the sender withdraw; others learn nothing', async () => {
    const [me, them] = await pair();
    const stranger = await ctx.member('user');
    const id = (await send(me, them)).json().data.id;
    expect((await decide(me, id, 'accepted')).statusCode).toBe(403);
    expect((await decide(them, id, 'withdrawn')).statusCode).toBe(403);
    expect((await decide(stranger, id, 'declined')).statusCode).toBe(404);
    expect((await decide(undefined, id, 'declined')).statusCode).toBe(401);
    const bad = await decide(them, id, 'pending');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status/);
    const [row] = await ctx.sql<{ status: string }>(
      'select status from connect.connection_requests where id = $1',
      id,
    );
    expect(row!.status).toBe('pending');
    expect((await decide(them, id, 'accepted')).json().data.status).toBe('accepted');
    const again = await decide(them, id, 'declined');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('connect.request_not_pending');
  });

  it('lists incoming and outgoing boxes and connections, paginated, each to its owner only', async () => {
    const [me, a] = await pair();
    const b = await ctx.member('user', { name: 'Bahati Kiprono', phone: '+254 711 111111' });
    const toA = (await send(me, a)).json().data.id;
    await send(b, me);
    const out = (await ctx.call('GET', '/api/connect/requests?box=outgoing', me)).json();
    expect(out.data.map((r: { id: string }) => r.id)).toEqual([toA]);
    const incoming = (await ctx.call('GET', '/api/connect/requests?box=incoming', me)).json();
    expect(incoming.data).toHaveLength(1);
    expect(incoming.data[0]).toMatchObject({ status: 'pending', from: { id: b.id, name: 'Bahati Kiprono' } });
    expect((await ctx.call('GET', '/api/connect/requests?box=sideways', me)).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/connect/requests?box=incoming')).statusCode).toBe(401);

    await decide(me, incoming.data[0].id, 'accepted');
    const connections = (await ctx.call('GET', '/api/connect/connections?limit=10', me)).json();
    expect(connections.data).toHaveLength(1);
    expect(connections.data[0].person).toMatchObject({ id: b.id, email: b.email, phone: '+254 711 111111' });
    expect(connections.pageInfo).toMatchObject({ page: 1, limit: 10, total: 1 });
    expect((await ctx.call('GET', '/api/connect/connections', a)).json().data).toEqual([]);
  });
});

describe('events and notices', () => {
  it('publishes connect.request.sent.v1 and connect.request.accepted.v1 once each, and notifies both sides', async () => {
    const [me, them] = await pair();
    const id = (await send(me, them)).json().data.id;
    await decide(them, id, 'accepted');
    const sent = await eventually(async () => {
      const all = await readEvents<RequestSentData>(ctx.natsUrl, `${ctx.prefix}${ConnectEvents.requestSent}`);
      const mine = all.filter((e) => e.data.requestId === id);
      return mine.length ? mine : undefined;
    });
    const accepted = await eventually(async () => {
      const all = await readEvents<{ requestId: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.requestAccepted}`,
      );
      const mine = all.filter((e) => e.data.requestId === id);
      return mine.length ? mine : undefined;
    });
    const notices = await eventually(async () => {
      const all = await readEvents<NotificationRequestedData>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.notificationRequested}`,
      );
      const mine = all.filter((e) => [me.id, them.id].includes(e.data.userId));
      return mine.length >= 2 ? mine.map((e) => e.data) : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ fromUserId: me.id, toUserId: them.id });
    expect(accepted).toHaveLength(1);
    expect(notices).toHaveLength(2);
    const received = notices.find((n) => n.kind === 'connect.request-received')!;
    expect(received).toMatchObject({ userId: them.id, link: '/connect/network', email: 'now' });
    expect(received.title.en).toBe(`${me.name} wants to connect with you`);
    expect(received.title.sw).toBe(`${me.name} anataka kuungana nawe`);
    expect(notices.find((n) => n.kind === 'connect.request-accepted')).toMatchObject({ userId: me.id });
  });
});
