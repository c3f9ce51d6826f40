import { randomUUID } from 'node:crypto';
import { ConnectEvents, type PostFlaggedData } from '../contract';
import { eventually, readEvents } from '@platform/testing';
import { aDiscussion, daysAgo, startConnect, type ConnectContext, type Persona } from './helpers';

/**
 * Flags weigh by the flagger's account age and standing: a brigade of brand-new accounts cannot hide a
 * Public discussion (it only reaches the moderators), and an established member's post is never hidden by
 * flags alone (the moderators decide).
 */
let ctx: ConnectContext;
let reader: Persona;

beforeAll(async () => {
  ctx = await startConnect();
  reader = await ctx.member('user', { designation: 'Registered Nurse' });
});
afterAll(async () => ctx?.close());

const post = async (who: Persona) => {
  const res = await ctx.call(
    'POST',
    '/api/discussion/add',
    who,
    aDiscussion({ title: `Night shifts ${randomUUID().slice(0, 8)}`, visible: ['Public'] }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
};
const flag = (who: Persona, id: string) =>
  ctx.call('POST', `/api/discussion/${id}/flags`, who, { reason: 'Spam' });
const readable = async (id: string) => (await ctx.call('GET', `/api/discussion/${id}`, reader)).statusCode;
const reports = async (id: string) =>
  (await readEvents<PostFlaggedData>(ctx.natsUrl, `${ctx.prefix}${ConnectEvents.postFlagged}`)).filter(
    (e) => e.data.subject.id === id,
  );
const accounts = (n: number, createdAt: string) =>
  Promise.all(Array.from({ length: n }, () => ctx.member('user', { designation: 'Driver', createdAt })));

describe('the flag brigade', () => {
  it('three (or five) brand-new accounts cannot hide a Public discussion; the moderators hear of it once', async () => {
    const author = await ctx.member('user', { designation: 'Clinical Officer', createdAt: daysAgo(10) });
    const d = await post(author);
    const brigade = await accounts(5, new Date().toISOString());
    for (const who of brigade) expect((await flag(who, d.id)).statusCode).toBe(201);
    expect(await readable(d.id)).toBe(200);
    const [row] = await ctx.sql<{ status: string }>(
      'select status from connect.discussions where id = $1',
      d.id,
    );
    expect(row!.status).toBe('visible');
    const sent = await eventually(async () => ((await reports(d.id)).length ? reports(d.id) : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ hidden: false, authorId: author.id });
  });

  it('an established member’s post is never hidden at once, even by established members', async () => {
    const established = await ctx.member('user', { designation: 'Medical Officer', createdAt: daysAgo(400) });
    const d = await post(established);
    for (const who of await accounts(4, daysAgo(90))) expect((await flag(who, d.id)).statusCode).toBe(201);
    expect(await readable(d.id)).toBe(200);
    const sent = await eventually(async () => ((await reports(d.id)).length ? reports(d.id) : undefined));
    expect(sent[0]!.data.hidden).toBe(false);
  });

  it('a newer member’s post is hidden by three established members’ flags', async () => {
    const author = await ctx.member('user', { designation: 'Driver', createdAt: daysAgo(10) });
    const d = await post(author);
    for (const who of await accounts(3, daysAgo(90))) expect((await flag(who, d.id)).statusCode).toBe(201);
    expect(await readable(d.id)).toBe(404);
  });
});
