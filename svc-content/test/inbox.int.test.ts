import { LIST_COUNT_CAP } from '@platform/contracts';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent({ FORMS_PER_ADDRESS_PER_HOUR: '3' });
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

const contact = (over: Record<string, unknown> = {}) => ({
  from_name: 'Wanjiru Kamau',
  from_email: 'Wanjiru@Example.org',
  from_message: 'We run two clinics in Thika. How does leave tracking work?',
  ...over,
});
const inFuture = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const demo = (over: Record<string, unknown> = {}) => ({
  fullName: 'Dr. Otieno Ouma',
  organization: 'Lakeside Medical Centre',
  facilityType: 'Hospital',
  email: 'otieno@lakeside.example',
  phone: '+254 712 345678',
  preferredDate: inFuture,
  preferredTime: '10:30',
  notes: '120 staff over three shifts.',
  ...over,
});
const inbox = async (query = '') => (await ctx.call('GET', `/api/content/inbox${query}`, admin)).json();

describe('the contact and demo forms', () => {
  it('stores a contact message and a demo request for the admin, with the spec’s answer', async () => {
    const sent = await ctx.from('10.9.0.1', 'POST', '/api/content/contact-messages', contact());
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({
      success: true,
      message: "Message sent successfully! We'll contact you soon.",
    });
    expect((await ctx.from('10.9.0.1', 'POST', '/api/content/demo-requests', demo())).statusCode).toBe(201);

    const all = await inbox();
    expect(all.data.slice(0, 2)).toMatchObject([
      {
        kind: 'demo',
        name: 'Dr. Otieno Ouma',
        organization: 'Lakeside Medical Centre',
        facilityType: 'Hospital',
        preferredDate: inFuture,
        preferredTime: '10:30',
        message: '120 staff over three shifts.',
        readAt: null,
        handledAt: null,
      },
      { kind: 'contact', name: 'Wanjiru Kamau', email: 'wanjiru@example.org', organization: null },
    ]);
    expect((await inbox('?kind=contact')).data.every((m: { kind: string }) => m.kind === 'contact')).toBe(
      true,
    );
  });

  it('answers a filled honeypot as it answers people, and stores nothing', async () => {
    const before = (await inbox()).pageInfo.total;
    const bot = await ctx.from(
      '10.9.0.2',
      'POST',
      '/api/content/contact-messages',
      contact({ website: 'http://spam.example' }),
    );
    expect(bot.statusCode).toBe(201);
    expect(bot.json().message).toBe("Message sent successfully! We'll contact you soon.");
    expect(
      (await ctx.from('10.9.0.2', 'POST', '/api/content/demo-requests', demo({ website: 'x' }))).statusCode,
    ).toBe(201);
    expect((await inbox()).pageInfo.total).toBe(before);
  });

  it('refuses a demo on a day already gone, naming the field', async () => {
    const res = await ctx.from(
      '10.9.0.3',
      'POST',
      '/api/content/demo-requests',
      demo({ preferredDate: '2020-01-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('preferredDate');
  });

  it('limits each address (not everyone) to FORMS_PER_ADDRESS_PER_HOUR, even when sent at once', async () => {
    const before = (await inbox()).pageInfo.total;
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.from('10.9.0.4', 'POST', '/api/content/contact-messages', contact()),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    expect(burst.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'content.too_many_messages',
    });
    expect((await inbox()).pageInfo.total).toBe(before + 3);
    // Another address still gets through.
    expect((await ctx.from('10.9.0.5', 'POST', '/api/content/contact-messages', contact())).statusCode).toBe(
      201,
    );
  });

  it('counts an IPv6 client by its /64', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++)
      codes.push(
        (await ctx.from(`2001:db8:1:2::${i}`, 'POST', '/api/content/contact-messages', contact())).statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 429]);
  });
});

describe('the admin inbox', () => {
  it('marks a message read, then handled, and back', async () => {
    const [first] = (await inbox()).data;
    const mark = (body: object) => ctx.call('PATCH', `/api/content/inbox/${first.id}`, admin, body);
    expect((await mark({ read: true })).statusCode).toBe(200);
    expect((await inbox()).data[0]).toMatchObject({
      id: first.id,
      readAt: expect.any(String),
      handledAt: null,
    });
    await mark({ read: false, handled: true });
    expect((await inbox()).data[0]).toMatchObject({ readAt: null, handledAt: expect.any(String) });
    await mark({ handled: false });
    expect((await inbox()).data[0]).toMatchObject({ handledAt: null });
    expect((await ctx.call('PATCH', `/api/content/inbox/${first.id}`, admin, {})).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ctx.call('PATCH', `/api/content/inbox/${unknown}`, admin, { read: true })).statusCode).toBe(
      404,
    );
  });

  it('pages newest first', async () => {
    const all = (await inbox('?limit=100')).data;
    const second = await inbox('?page=2&limit=2');
    expect(second.data.map((m: { id: string }) => m.id)).toEqual(
      all.slice(2, 4).map((m: { id: string }) => m.id),
    );
  });
});

// Last: the tests above compare totals, exact while the inbox is short.
describe('a long inbox', () => {
  it('counts exactly up to the cap past the page, then says "more than"', async () => {
    await ctx.sql(`
      insert into content.inbox (kind, name, email, message, address, received_at)
      select 'contact', 'Sender ' || g, 'sender' || g || '@example.org', 'Hello', '198.51.100.' || (g % 250),
             now() - (g || ' minutes')::interval
      from generate_series(1, 250) g`);
    const first = await inbox('?kind=contact');
    expect(first.data).toHaveLength(20);
    expect(first.pageInfo).toMatchObject({ page: 1, total: LIST_COUNT_CAP, totalCapped: true });
    const [row] = await ctx.sql<{ n: number }>(
      `select count(*)::int as n from content.inbox where kind = 'contact'`,
    );
    const n = row!.n;
    const lastPage = Math.ceil(n / 20);
    const last = await inbox(`?kind=contact&page=${lastPage}`);
    expect(last.data).toHaveLength(n - (lastPage - 1) * 20);
    expect(last.pageInfo).toMatchObject({ total: n, totalCapped: false });
  });
});
