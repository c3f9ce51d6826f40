import { randomUUID } from 'node:crypto';
import { IdentityEvents, type NotificationRequestedData } from '@platform/contracts';
import { ConnectEvents } from '../contract';
import { eventually, readEvents, userEvent } from '@platform/testing';
import { aDiscussion, startConnect, type ConnectContext, type Persona } from './helpers';

/**
 * Clinic Internal follows current membership (svc-connect's users projection, kept from identity's
 * identity.user.updated.v1), never the token's orgId claim nor authorship: a member who leaves or is
 * removed keeps a valid token for hours.
 */
let ctx: ConnectContext;
let clinic: Persona;
let staff: Persona;
const org = randomUUID();

beforeAll(async () => {
  ctx = await startConnect();
  clinic = await ctx.member('Clinic', { name: 'Clinic M', orgId: org });
  staff = await ctx.member('user', { designation: 'Clinical Officer', orgId: org });
});
afterAll(async () => ctx?.close());

/** What svc-identity publishes when a member joins (orgId) or leaves / is removed (null). */
async function setOrganisation(who: Persona, orgId: string | null, version: number) {
  await ctx.identity.publish(
    userEvent(IdentityEvents.userUpdated, who.id, {
      name: who.name,
      email: who.email,
      role: 'user',
      orgId,
      designation: 'Registered Nurse',
      version,
    }),
  );
}
const post = async (who: Persona, title: string) => {
  const res = await ctx.call(
    'POST',
    '/api/discussion/add',
    who,
    aDiscussion({ title, visible: ['Clinic Internal'] }),
  );
  return res;
};
const listIds = async (who: Persona, query = '') =>
  ((await ctx.call('GET', `/api/discussion/get?limit=100${query}`, who)).json().data as { id: string }[]).map(
    (d) => d.id,
  );
const opens = async (who: Persona, id: string) =>
  (await ctx.call('GET', `/api/discussion/${id}`, who)).statusCode;

describe('Clinic Internal follows current membership', () => {
  it('a removed member, still holding the old token, can no longer list, search, read, post or reply', async () => {
    const nurse = await ctx.member('user', { designation: 'Registered Nurse', orgId: org });
    const tag = randomUUID().slice(0, 8);
    const theirs = (await post(nurse, `Nurses rota ${tag}`)).json().data as { id: string };
    const staffs = (await post(staff, `Theatre list ${tag}`)).json().data as { id: string };
    expect(await listIds(nurse)).toEqual(expect.arrayContaining([theirs.id, staffs.id]));

    // The clinic removes them: identity publishes the account without an organisation.
    await setOrganisation(nurse, null, 2);
    const removedAt = Date.now();
    await eventually(async () => ((await opens(nurse, staffs.id)) === 404 ? true : undefined), 2000);
    expect(Date.now() - removedAt).toBeLessThan(2000);

    // The same token (its orgId claim still names the clinic) sees none of the internal content.
    expect(nurse.orgId).toBe(org);
    const listed = await listIds(nurse);
    expect(listed).not.toContain(staffs.id);
    expect(listed).not.toContain(theirs.id); // their own thread follows membership, not authorship
    expect(await listIds(nurse, `&search=${tag}`)).toEqual([]);
    expect(await opens(nurse, staffs.id)).toBe(404);
    expect(await opens(nurse, theirs.id)).toBe(404);
    const replies = (await ctx.call('GET', `/api/discussion/${staffs.id}/replies`, nurse)).statusCode;
    expect(replies).toBe(404);

    const before = (await ctx.sql<{ n: number }>('select count(*)::int as n from connect.replies'))[0]!.n;
    const reply = await ctx.call('POST', `/api/discussion/${staffs.id}/replies`, nurse, {
      content: 'still here',
    });
    expect(reply.statusCode).toBe(404);
    const own = await ctx.call('POST', `/api/discussion/${theirs.id}/replies`, nurse, { content: 'mine' });
    expect(own.statusCode).toBe(404);
    const after = (await ctx.sql<{ n: number }>('select count(*)::int as n from connect.replies'))[0]!.n;
    expect(after).toBe(before);

    const posted = await post(nurse, `After removal ${tag}`);
    expect(posted.statusCode).toBe(422);
    expect(posted.json()).toMatchObject({ success: false, code: 'connect.no_organisation' });

    // The clinic's staff still read and answer it; the one who left hears nothing of it.
    expect(await opens(staff, theirs.id)).toBe(200);
    expect(await opens(clinic, theirs.id)).toBe(200);
    const answer = await ctx.call('POST', `/api/discussion/${theirs.id}/replies`, staff, {
      content: 'Confidential: the new rota',
    });
    expect(answer.statusCode).toBe(201);
    expect((await ctx.call('POST', `/api/discussion/${theirs.id}/like`, clinic)).statusCode).toBe(200);
    // The relay publishes within a few hundred ms: give it time to (wrongly) publish a notice.
    await new Promise((r) => setTimeout(r, 1500));
    const notices = await readEvents<NotificationRequestedData>(
      ctx.natsUrl,
      `${ctx.prefix}${ConnectEvents.notificationRequested}`,
    );
    expect(notices.filter((e) => e.data.userId === nurse.id)).toEqual([]);
  });

  it('a new member reads Clinic Internal within 2 s, without signing in again', async () => {
    const tag = randomUUID().slice(0, 8);
    const internal = (await post(staff, `Handover ${tag}`)).json().data as { id: string };
    const joiner = await ctx.member('user', { designation: 'Registered Nurse', orgId: null });
    expect(await opens(joiner, internal.id)).toBe(404);

    // They accept the clinic's invitation: their token (no orgId) stays as it was.
    await setOrganisation(joiner, org, 2);
    const joinedAt = Date.now();
    await eventually(async () => ((await opens(joiner, internal.id)) === 200 ? true : undefined), 2000);
    expect(Date.now() - joinedAt).toBeLessThan(2000);
    expect(joiner.orgId).toBeNull();
    expect(await listIds(joiner)).toContain(internal.id);
    const reply = await ctx.call('POST', `/api/discussion/${internal.id}/replies`, joiner, {
      content: 'On it',
    });
    expect(reply.statusCode).toBe(201);
    expect((await post(joiner, `Joiner's first ${tag}`)).statusCode).toBe(201);
  });
});
