import { randomUUID } from 'node:crypto';
import { ContentEvents, type ModerationDecidedData } from '../contract';
import { ConnectEvents } from '@platform/svc-connect/contract';
import { makeEnvelope } from '@platform/event-bus';
import { eventually, readEvents } from '@platform/testing';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent();
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

const flagged = (id: string, authorId: string, reasons: string[]) =>
  makeEnvelope(ConnectEvents.postFlagged, {
    subject: { module: 'connect', kind: 'discussion', id },
    authorId,
    title: 'Cheap pills, DM me',
    flags: reasons.map((reason, i) => ({
      userId: randomUUID(),
      reason,
      at: new Date(Date.now() - i).toISOString(),
    })),
    hiddenAt: new Date().toISOString(),
  });
const queue = async () => (await ctx.call('GET', '/api/content/moderation', admin)).json();
const decisions = () =>
  readEvents<ModerationDecidedData>(ctx.natsUrl, `${ctx.prefix}${ContentEvents.moderationDecided}`);

it('queues a post hidden by flags, and sends the moderator’s decision back once', async () => {
  const author = await ctx.member('user', { name: 'Juma Salim' });
  const postId = randomUUID();
  await ctx.others.publish(flagged(postId, author.id, ['Spam', 'Spam', 'Advertising']));
  const item = await eventually(async () =>
    (await queue()).data.find((i: { subject: { id: string } }) => i.subject.id === postId),
  );
  expect(item).toMatchObject({
    subject: { module: 'connect', kind: 'discussion', id: postId },
    title: 'Cheap pills, DM me',
    authorName: 'Juma Salim',
    flags: 3,
    reasons: ['Spam', 'Advertising'],
  });

  const decide = (body: object) =>
    ctx.call('POST', `/api/content/moderation/${item.id}/decision`, admin, body);
  expect((await decide({ decision: 'remove' })).statusCode).toBe(400);
  const res = await decide({ decision: 'delete', reason: 'Advertising medicines' });
  expect(res.statusCode).toBe(200);
  expect((await decide({ decision: 'restore' })).statusCode).toBe(409);
  expect((await queue()).data.map((i: { id: string }) => i.id)).not.toContain(item.id);

  const sent = await eventually(async () => {
    const mine = (await decisions()).filter((e) => e.data.subject.id === postId);
    return mine.length ? mine : undefined;
  });
  await new Promise((r) => setTimeout(r, 300));
  expect((await decisions()).filter((e) => e.data.subject.id === postId)).toHaveLength(1);
  expect(sent[0]!.data).toMatchObject({
    subject: { module: 'connect', kind: 'discussion', id: postId },
    decision: 'delete',
    moderatorId: admin.id,
    reason: 'Advertising medicines',
  });
});

it('puts a restored post back in the queue when it is flagged hidden again', async () => {
  const postId = randomUUID();
  await ctx.others.publish(flagged(postId, randomUUID(), ['Spam', 'Spam', 'Spam']));
  const first = await eventually(async () =>
    (await queue()).data.find((i: { subject: { id: string } }) => i.subject.id === postId),
  );
  await ctx.call('POST', `/api/content/moderation/${first.id}/decision`, admin, { decision: 'restore' });
  await ctx.others.publish(flagged(postId, randomUUID(), ['Abuse', 'Abuse', 'Abuse']));
  const again = await eventually(async () =>
    (await queue()).data.find((i: { subject: { id: string } }) => i.subject.id === postId),
  );
  expect(again).toMatchObject({ id: first.id, reasons: ['Abuse'], authorName: null });
});

it('answers an unknown report with 404', async () => {
  const res = await ctx.call('POST', `/api/content/moderation/${randomUUID()}/decision`, admin, {
    decision: 'hide',
  });
  expect(res.statusCode).toBe(404);
});
