import { randomUUID } from 'node:crypto';
import { type NotificationRequestedData } from '@platform/contracts';
import { ContentEvents } from '@platform/svc-content/contract';
import { ConnectEvents, type PostFlaggedData } from '../contract';
import { makeEnvelope } from '@platform/event-bus';
import { eventually, readEvents } from '@platform/testing';
import { aDiscussion, daysAgo, startConnect, type ConnectContext, type Persona } from './helpers';
import { inertHtml, PAYLOADS } from './xss-payloads';

let ctx: ConnectContext;
let nurse: Persona; // at clinic A
let colleague: Persona; // another member of clinic A
let clinicA: Persona;
let doctor: Persona; // at clinic B
let outsider: Persona; // no organisation
let admin: Persona;
const orgA = randomUUID();

beforeAll(async () => {
  ctx = await startConnect();
  await ctx.identity.ensureStream('content');
  clinicA = await ctx.member('Clinic', { name: 'Clinic A', orgId: orgA });
  nurse = await ctx.member('user', { designation: 'Registered Nurse', orgId: orgA, country: 'Kenya' });
  colleague = await ctx.member('user', { designation: 'Clinical Officer', orgId: orgA });
  doctor = await ctx.member('user', { designation: 'Medical Officer', orgId: randomUUID() });
  // Role-Based audiences read verified professions (licences verified in Core HR).
  await ctx.licence(colleague, ['Clinical Officer']);
  await ctx.licence(doctor, ['Doctor']);
  await eventually(async () => {
    const rows = await ctx.sql('select 1 from connect.verified_professions');
    return rows.length === 2 || undefined;
  });
  outsider = await ctx.member('user', { designation: 'Driver' });
  admin = await ctx.member('admin');
});
afterAll(async () => ctx?.close());

type View = {
  id: string;
  title: string;
  content: string;
  contentHtml: string;
  preview: boolean;
  hidden: boolean;
};
async function post(who: Persona, over: Record<string, unknown> = {}): Promise<View> {
  const res = await ctx.call('POST', '/api/discussion/add', who, aDiscussion(over));
  expect(res.json()).toMatchObject({ success: true });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const list = async (who?: Persona, query = '?limit=100') => {
  const res = await ctx.call('GET', `/api/discussion/get${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as View[];
};
const ids = (views: View[]) => views.map((d) => d.id);
const count = async (table = 'discussions') =>
  (await ctx.sql<{ n: number }>(`select count(*)::int as n from connect.${table}`))[0]!.n;

describe("the spec's calls", () => {
  it('posts through /api/dicussion/add (spelled so) as the token account, and lists it on both spellings', async () => {
    const res = await ctx.call(
      'POST',
      '/api/dicussion/add',
      nurse,
      aDiscussion({ title: 'NHIF claims backlog', createdBy: { name: 'Forged', role: 'admin' } }),
    );
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d._id).toBe(d.id);
    expect(d).toMatchObject({
      title: 'NHIF claims backlog',
      visibility: 'Public',
      visible: ['Public'],
      createdBy: { id: nurse.id, name: nurse.name, profession: 'Nurse', country: 'Kenya' },
      mine: true,
      contentHtml: '<p>How do your <strong>clinical officers</strong> share the maternity load at night?</p>',
    });
    for (const prefix of ['/api/dicussion', '/api/discussion']) {
      const got = (await ctx.call('GET', `${prefix}/get`, doctor)).json();
      expect(got.success).toBe(true);
      expect(ids(got.data)).toContain(d.id);
    }
  });

  it("answers a visitor's post with 401 and the spec's message, changing nothing", async () => {
    const before = await count();
    const res = await ctx.call('POST', '/api/dicussion/add', undefined, aDiscussion());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: 'Please log in to post a discussion',
      code: 'connect.login_to_post',
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ['title', { title: '   ' }],
    ['category', { category: 'Gossip' }],
    ['content', { content: '' }],
    ['visible', { visible: ['Everyone'] }],
    ['roles', { visible: ['Role-Based'] }],
    ['isPinned', { isPinned: true }],
  ])('refuses a bad %s with 400 naming it, changing nothing', async (field, over) => {
    const before = await count();
    const res = await ctx.call('POST', '/api/discussion/add', nurse, aDiscussion(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}`));
    expect(await count()).toBe(before);
  });

  it('lists newest first, by category, with search over titles and content, paginated', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = await post(doctor, { title: `Cold chain ${tag}`, category: 'Medical Supply Chain' });
    const b = await post(doctor, {
      title: `Outreach ${tag}`,
      category: 'Mobile Clinics & Outreach',
      content: `vaccines ${tag}x`,
    });
    const newest = await list(doctor, '?limit=2');
    expect(ids(newest)).toEqual([b.id, a.id]);
    expect(ids(await list(doctor, '?category=Medical%20Supply%20Chain'))).toContain(a.id);
    expect(ids(await list(doctor, '?category=Medical%20Supply%20Chain'))).not.toContain(b.id);
    expect(ids(await list(doctor, `?search=${tag}x`))).toEqual([b.id]);
    expect(ids(await list(doctor, `?search=cold%20${tag}`))).toEqual([a.id]);
    const page2 = (await ctx.call('GET', '/api/discussion/get?limit=1&page=2', doctor)).json();
    expect(ids(page2.data)).toEqual([a.id]);
    expect(page2.pageInfo).toMatchObject({ page: 2, limit: 1, totalCapped: false });
    expect((await ctx.call('GET', '/api/discussion/get?category=Gossip')).statusCode).toBe(400);
  });
});

describe('visibility, enforced in SQL for lists, search and direct fetch', () => {
  let internal: View;
  let roleBased: View;
  let publicPost: View;
  beforeAll(async () => {
    const tag = randomUUID().slice(0, 8);
    publicPost = await post(nurse, { title: `Open ${tag}` });
    internal = await post(nurse, { title: `Night rota ${tag}`, visible: ['Clinic Internal'] });
    roleBased = await post(nurse, {
      title: `Nurses only ${tag}`,
      visibility: 'Role-Based',
      roles: ['Nurse', 'Clinical Officer'],
    });
  });
  const sees = async (who: Persona, d: View) => {
    const inList = ids(await list(who)).includes(d.id);
    const inSearch = ids(await list(who, `?search=${encodeURIComponent(d.title)}`)).includes(d.id);
    const fetched = (await ctx.call('GET', `/api/discussion/${d.id}`, who)).statusCode;
    expect([inList, inSearch]).toEqual([fetched === 200, fetched === 200]);
    if (fetched !== 200) expect(fetched).toBe(404);
    return fetched === 200;
  };

  it('Clinic Internal: the author’s organisation only (and admins)', async () => {
    expect(await sees(colleague, internal)).toBe(true);
    expect(await sees(clinicA, internal)).toBe(true);
    expect(await sees(doctor, internal)).toBe(false);
    expect(await sees(outsider, internal)).toBe(false);
    expect(await sees(admin, internal)).toBe(true);
  });

  it('Role-Based: the chosen professions only', async () => {
    expect(await sees(colleague, roleBased)).toBe(true); // Clinical Officer
    expect(await sees(doctor, roleBased)).toBe(false);
    expect(await sees(clinicA, roleBased)).toBe(false);
    expect(await sees(nurse, roleBased)).toBe(true); // its author
  });

  it('Role-Based reads a verified licence, not the designation (the caller’s row is reused, never past its event)', async () => {
    const changer = await ctx.member('user', { designation: 'Clinical Officer' });
    expect(await sees(changer, roleBased)).toBe(false);
    await ctx.licence(changer, ['Clinical Officer']);
    // As soon as the projection has it, the next request reads it (the kept row lives 5 s otherwise).
    await eventually(async () => {
      const [row] = await ctx.sql(
        'select 1 from connect.verified_professions where person_id = $1',
        changer.id,
      );
      return row;
    });
    expect(await sees(changer, roleBased)).toBe(true);
  });

  it('Public: every signed-in member; visitors see titles only and may not open it', async () => {
    expect(await sees(outsider, publicPost)).toBe(true);
    const visitor = await list(undefined);
    const seen = visitor.find((d) => d.id === publicPost.id)!;
    expect(seen).toMatchObject({ preview: true, content: '', contentHtml: '', title: publicPost.title });
    expect(ids(visitor)).not.toContain(internal.id);
    expect(ids(visitor)).not.toContain(roleBased.id);
    // Visitors search titles only.
    expect(ids(await list(undefined, `?search=${encodeURIComponent(internal.title)}`))).toEqual([]);
    const open = await ctx.call('GET', `/api/discussion/${publicPost.id}`);
    expect(open.statusCode).toBe(401);
    expect(open.json().code).toBe('connect.login_to_read');
  });

  it('refuses Clinic Internal to a person without an organisation (422)', async () => {
    const res = await ctx.call(
      'POST',
      '/api/discussion/add',
      outsider,
      aDiscussion({ visible: ['Clinic Internal'] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('connect.no_organisation');
  });

  it('keeps what a reader may not see out of their reach for replies, likes and flags too', async () => {
    for (const [method, path, payload] of [
      ['POST', `/api/discussion/${internal.id}/replies`, { content: 'hi' }],
      ['POST', `/api/discussion/${internal.id}/like`, undefined],
      ['POST', `/api/discussion/${internal.id}/flags`, { reason: 'spam' }],
      ['GET', `/api/discussion/${internal.id}/replies`, undefined],
    ] as const)
      expect([path, (await ctx.call(method, path, doctor, payload)).statusCode]).toEqual([path, 404]);
  });
});

describe('replies, edits, likes', () => {
  it('replies one level deep, in order, and tells the author (not for their own replies)', async () => {
    const d = await post(nurse, { title: 'Oxygen concentrators' });
    const r1 = await ctx.call('POST', `/api/discussion/${d.id}/replies`, doctor, {
      content: 'We use **two**.',
    });
    expect(r1.statusCode).toBe(201);
    expect(r1.json().data).toMatchObject({ contentHtml: '<p>We use <strong>two</strong>.</p>', mine: true });
    await ctx.call('POST', `/api/discussion/${d.id}/replies`, nurse, { content: 'Thanks!' });
    const detail = (await ctx.call('GET', `/api/discussion/${d.id}`, colleague)).json();
    expect(detail.data.replies.map((r: { content: string }) => r.content)).toEqual([
      'We use **two**.',
      'Thanks!',
    ]);
    expect(detail.data.replyCount).toBe(2);
    expect(detail.repliesPageInfo).toMatchObject({ total: 2 });
    const notices = await eventually(async () => {
      const all = await readEvents<NotificationRequestedData>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.notificationRequested}`,
      );
      const mine = all.filter((e) => e.data.link === `/connect/discussions/${d.id}`);
      return mine.length ? mine.map((e) => e.data) : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ userId: nurse.id, kind: 'connect.reply-posted', email: 'digest' });
    expect(notices[0]!.title.fr).toBe(`${doctor.name} a répondu à votre discussion : Oxygen concentrators`);
  });

  it('lets only the author edit or delete a post or reply', async () => {
    const d = await post(nurse);
    const reply = (
      await ctx.call('POST', `/api/discussion/${d.id}/replies`, doctor, { content: 'first' })
    ).json().data;
    expect(
      (await ctx.call('PATCH', `/api/discussion/${d.id}`, doctor, { title: 'Hijacked' })).statusCode,
    ).toBe(403);
    expect((await ctx.call('DELETE', `/api/discussion/${d.id}`, doctor)).statusCode).toBe(403);
    expect(
      (await ctx.call('PATCH', `/api/discussion/replies/${reply.id}`, nurse, { content: 'x' })).statusCode,
    ).toBe(403);
    expect((await ctx.call('DELETE', `/api/discussion/replies/${reply.id}`, undefined)).statusCode).toBe(401);
    const bad = await ctx.call('PATCH', `/api/discussion/${d.id}`, nurse, {});
    expect(bad.statusCode).toBe(400);
    const detail = (await ctx.call('GET', `/api/discussion/${d.id}`, nurse)).json().data;
    expect(detail).toMatchObject({ title: d.title, editedAt: null });
    expect(detail.replies[0].content).toBe('first');

    const edited = await ctx.call('PATCH', `/api/discussion/${d.id}`, nurse, { content: '*edited*' });
    expect(edited.json().data).toMatchObject({ contentHtml: '<p><em>edited</em></p>' });
    expect(edited.json().data.editedAt).not.toBeNull();
    const r = await ctx.call('PATCH', `/api/discussion/replies/${reply.id}`, doctor, { content: 'second' });
    expect(r.json().data.content).toBe('second');
    expect((await ctx.call('DELETE', `/api/discussion/replies/${reply.id}`, doctor)).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, nurse)).json().data).toMatchObject({
      replyCount: 0,
      replies: [],
    });
    expect((await ctx.call('DELETE', `/api/discussion/${d.id}`, nurse)).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, nurse)).statusCode).toBe(404);
    expect(ids(await list(nurse))).not.toContain(d.id);
  });

  it('toggles one like per person, and tells the author of the first like only', async () => {
    const d = await post(nurse, { title: 'Likes test' });
    const like = () => ctx.call('POST', `/api/discussion/${d.id}/like`, doctor);
    expect((await like()).json().data).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).json().data).toEqual({ liked: false, likeCount: 0 });
    expect((await like()).json().data).toEqual({ liked: true, likeCount: 1 });
    await Promise.all([ctx.call('POST', `/api/discussion/${d.id}/like`, colleague)]);
    const seen = (await list(doctor)).find((x) => x.id === d.id) as unknown as {
      likeCount: number;
      liked: boolean;
    };
    expect(seen).toMatchObject({ likeCount: 2, liked: true });
    // Each viewer's own marks: the author liked nothing; a flag shows to the one who flagged it only.
    expect((await list(nurse)).find((x) => x.id === d.id)).toMatchObject({ liked: false, flagged: false });
    const flagged = await ctx.call('POST', `/api/discussion/${d.id}/flags`, colleague, { reason: 'Spam' });
    expect(flagged.statusCode).toBe(201);
    expect((await list(colleague)).find((x) => x.id === d.id)).toMatchObject({ liked: true, flagged: true });
    expect((await list(doctor)).find((x) => x.id === d.id)).toMatchObject({ liked: true, flagged: false });
    const notices = await eventually(async () => {
      const all = await readEvents<NotificationRequestedData>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.notificationRequested}`,
      );
      const mine = all.filter(
        (e) => e.data.kind === 'connect.discussion-liked' && e.data.link === `/connect/discussions/${d.id}`,
      );
      return mine.length >= 2 ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(notices).toHaveLength(2); // doctor once (despite liking twice), colleague once
    expect(notices.every((n) => n.data.userId === nurse.id && n.data.email === 'none')).toBe(true);
  });
});

describe('flags and moderation', () => {
  const flag = (who: Persona, id: string) =>
    ctx.call('POST', `/api/discussion/${id}/flags`, who, { reason: 'Advertising' });
  const flaggedEvents = async (id: string) =>
    (await readEvents<PostFlaggedData>(ctx.natsUrl, `${ctx.prefix}${ConnectEvents.postFlagged}`)).filter(
      (e) => e.data.subject.id === id,
    );

  // An author who is not (yet) an established member: flags from established members hide their posts.
  let author: Persona;
  beforeAll(async () => {
    author = await ctx.member('user', { designation: 'Driver', createdAt: daysAgo(10) });
  });

  it('hides a post at three flags from different people and publishes connect.post.flagged.v1 once', async () => {
    const d = await post(author, { title: 'Buy cheap gloves' });
    expect((await flag(author, d.id)).statusCode).toBe(422);
    expect((await flag(nurse, d.id)).statusCode).toBe(201);
    const twice = await flag(nurse, d.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('connect.already_flagged');
    expect((await ctx.call('POST', `/api/discussion/${d.id}/flags`, nurse, { reason: '' })).statusCode).toBe(
      400,
    );
    expect((await flag(doctor, d.id)).statusCode).toBe(201);
    expect(ids(await list(colleague))).toContain(d.id);
    const third = await Promise.all([flag(colleague, d.id), flag(clinicA, d.id)]);
    expect(third.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(ids(await list(colleague))).not.toContain(d.id);
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, colleague)).statusCode).toBe(404);
    // Its author still sees it, marked hidden; an admin too.
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, author)).json().data.hidden).toBe(true);
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, admin)).statusCode).toBe(200);
    const events = await eventually(async () => {
      const e = await flaggedEvents(d.id);
      return e.length ? e : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      subject: { module: 'connect', kind: 'discussion', id: d.id },
      authorId: author.id,
      hidden: true,
    });
    expect(events[0]!.data.flags.length).toBeGreaterThanOrEqual(3);
  });

  it("applies a moderator's decision: restore, hide, delete", async () => {
    const d = await post(author, { title: 'Moderated' });
    for (const who of [nurse, doctor, colleague]) await flag(who, d.id);
    const decide = (decision: string) =>
      ctx.identity.publish(
        makeEnvelope(ContentEvents.moderationDecided, {
          subject: { module: 'connect', kind: 'discussion', id: d.id },
          decision,
          moderatorId: admin.id,
          decidedAt: new Date().toISOString(),
        }),
      );
    const visibleToNurse = async () => ids(await list(nurse)).includes(d.id);
    expect(await visibleToNurse()).toBe(false);
    await decide('restore');
    await eventually(async () => ((await visibleToNurse()) ? true : undefined));
    // Restored: the old flags no longer count, and those people cannot flag it again.
    expect((await flag(nurse, d.id)).statusCode).toBe(409);
    await decide('hide');
    await eventually(async () => (!(await visibleToNurse()) ? true : undefined));
    await decide('delete');
    await eventually(async () =>
      (await ctx.call('GET', `/api/discussion/${d.id}`, author)).statusCode === 404 ? true : undefined,
    );
    expect((await ctx.call('GET', `/api/discussion/${d.id}`, admin)).json().data.hidden).toBe(true);
    // Each decision applied is recorded once for the audit log, in the transaction that applied it; the
    // moderator as the users projection knows them when the decision does not name them.
    const recorded = await eventually(async () => {
      const rows = await ctx.sql<{ payload: { data: Record<string, unknown> } }>(
        `select payload from connect.outbox where type = 'connect.admin-action.recorded.v1'
           and payload->'data'->'target'->>'id' = $1 order by seq`,
        d.id,
      );
      return rows.length >= 3 ? rows.map((r) => r.payload.data) : undefined;
    });
    expect(recorded.map((r) => r.action)).toEqual([
      'discussion.restore',
      'discussion.hide',
      'discussion.delete',
    ]);
    expect(recorded[0]).toMatchObject({
      actor: { id: admin.id, name: admin.name, email: admin.email, role: 'admin' },
      target: { module: 'connect', kind: 'discussion', id: d.id, label: 'Moderated' },
      before: { status: 'hidden', flagCount: 3 },
      after: { status: 'visible', flagCount: 0 },
    });
    expect(recorded[2]).toMatchObject({ before: { status: 'hidden' }, after: { status: 'removed' } });
  });
});

describe('content safety', () => {
  it('answers every XSS payload in a post, a reply and an edit with inert contentHtml, keeping the source', async () => {
    const d = await post(nurse, { title: 'XSS', content: PAYLOADS.join('\n\n') });
    expect(inertHtml(d.contentHtml)).toEqual([]);
    expect(d.content).toBe(PAYLOADS.join('\n\n'));
    for (const payload of PAYLOADS) {
      const reply = await ctx.call('POST', `/api/discussion/${d.id}/replies`, doctor, { content: payload });
      expect(reply.statusCode).toBe(201);
      expect([payload, inertHtml(reply.json().data.contentHtml)]).toEqual([payload, []]);
    }
    const edited = await ctx.call('PATCH', `/api/discussion/${d.id}`, nurse, { content: PAYLOADS[0] });
    expect(inertHtml(edited.json().data.contentHtml)).toEqual([]);
    const listed = (await list(doctor, '?search=XSS')).find((x) => x.id === d.id)!;
    expect(inertHtml(listed.contentHtml)).toEqual([]);
  });
});

describe('new accounts', () => {
  it('may post 3 discussions and 10 replies in their first day (422 naming the rule)', async () => {
    const newbie = await ctx.member('user', { createdAt: new Date().toISOString() });
    const target = await post(nurse);
    for (let i = 0; i < 3; i++) await post(newbie);
    const before = await count();
    const fourth = await ctx.call('POST', '/api/discussion/add', newbie, aDiscussion());
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().code).toBe('connect.new_account_discussion_limit');
    expect(await count()).toBe(before);
    for (let i = 0; i < 10; i++)
      expect(
        (await ctx.call('POST', `/api/discussion/${target.id}/replies`, newbie, { content: `r${i}` }))
          .statusCode,
      ).toBe(201);
    const eleventh = await ctx.call('POST', `/api/discussion/${target.id}/replies`, newbie, {
      content: 'r11',
    });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().code).toBe('connect.new_account_reply_limit');
  });

  it('may put at most 2 links in a post during their first week; older accounts more', async () => {
    const week = await ctx.member('user', { createdAt: daysAgo(3) });
    const links = 'See https://a.example, [b](https://b.example) and <https://c.example>.';
    const res = await ctx.call('POST', '/api/discussion/add', week, aDiscussion({ content: links }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('connect.new_account_link_limit');
    expect(
      (
        await ctx.call(
          'POST',
          '/api/discussion/add',
          week,
          aDiscussion({ content: 'Two: https://a.example https://b.example' }),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (await ctx.call('POST', '/api/discussion/add', nurse, aDiscussion({ content: links }))).statusCode,
    ).toBe(201);
  });
});

describe('events and indexes', () => {
  it('publishes connect.discussion.posted.v1 and connect.reply.posted.v1 once each', async () => {
    const d = await post(doctor, { title: 'Events once' });
    const reply = (await ctx.call('POST', `/api/discussion/${d.id}/replies`, nurse, { content: 'ok' })).json()
      .data;
    const posted = await eventually(async () => {
      const all = await readEvents<{ discussionId: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.discussionPosted}`,
      );
      const mine = all.filter((e) => e.data.discussionId === d.id);
      return mine.length ? mine : undefined;
    });
    const replied = await eventually(async () => {
      const all = await readEvents<{ replyId: string; discussionAuthorId: string }>(
        ctx.natsUrl,
        `${ctx.prefix}${ConnectEvents.replyPosted}`,
      );
      const mine = all.filter((e) => e.data.replyId === reply.id);
      return mine.length ? mine : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.data).toMatchObject({
      authorId: doctor.id,
      visibility: 'Public',
      title: 'Events once',
    });
    expect(replied).toHaveLength(1);
    expect(replied[0]!.data.discussionAuthorId).toBe(doctor.id);
  });

  it('reads each list page with one index range scan in creation order', async () => {
    await ctx.sql(`
      insert into connect.discussions (author_id, org_id, author_name, author_role, author_profession, title, content,
        content_html, category, visibility, created_at)
      select gen_random_uuid(), gen_random_uuid(), 'x', 'user', 'Other', 'Post ' || i, 'Body ' || i, '<p>x</p>',
        case when i % 100 = 0 then 'Research' else 'General' end, 'Public', now() - i * interval '1 minute'
      from generate_series(1, 5000) i`);
    await ctx.sql('vacuum analyze connect.discussions');
    await ctx.sql('set enable_seqscan = off');
    const plan = async (filter: string) =>
      (
        await ctx.sql<{ 'QUERY PLAN': string }>(
          `explain select * from connect.discussions where status = 'visible' and deleted_at is null
           and (visibility = 'Public' or (visibility = 'Clinic Internal' and org_id = '${orgA}')
             or (visibility = 'Role-Based' and roles && array['Nurse']::text[]) or author_id = '${nurse.id}')
           ${filter} order by created_at desc nulls last, id desc nulls last limit 20`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const all = await plan('');
    expect(all).toContain('discussions_live_created_idx');
    expect(all).not.toMatch(/Sort/);
    const byCategory = await plan(`and category = 'Research'`);
    expect(byCategory).toContain('discussions_live_category_created_idx');
    expect(byCategory).not.toMatch(/Sort/);
    expect(await plan(`and search_vector @@ websearch_to_tsquery('simple', 'post')`)).toMatch(
      /discussions_live_(search|created)_idx/,
    );
    const replies = (
      await ctx.sql<{ 'QUERY PLAN': string }>(
        `explain select * from connect.replies where discussion_id = gen_random_uuid() and deleted_at is null order by created_at, id limit 20`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(replies).toContain('replies_discussion_created_idx');
  });
});
