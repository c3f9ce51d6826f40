import { XSS_PAYLOADS } from '@platform/testing';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent();
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

/**
 * Tags, attributes and addresses admin HTML may keep; anything else left in stored HTML is a failure (text may
 * quote anything: it is shown, never run).
 */
function activeParts(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.match(/<[^>]*>/g) ?? [])
    if (
      !/^<\/?(p|br|h2|h3|h4|strong|b|em|i|u|s|blockquote|ul|ol|li|a|img|hr|code|pre|span)( (href|src|alt|title|rel|target|width|height)="[^"]*")*\s*\/?>$/.test(
        tag,
      )
    )
      problems.push(tag);
  for (const attr of html.match(/ (href|src)="[^"]*"/g) ?? [])
    if (!/^ (href|src)="(https?:|mailto:|\/[^/\\]|[a-z0-9][^:"]*")/i.test(attr)) problems.push(attr);
  return problems;
}

describe('home content blocks', () => {
  const upsert = (body: Record<string, string>) =>
    ctx.call('POST', '/api/dashboard/upsert-main-components', admin, body);

  it('starts empty, and one block written shows to everyone, sanitised', async () => {
    const empty = (await ctx.call('GET', '/api/dashboard/main-components')).json();
    expect(empty.components).toEqual({
      Hero: '',
      AboutUs: '',
      coreDescription: '',
      hiredescription: '',
      namedescription: '',
      conectdescription: '',
    });
    const res = await upsert({
      AboutUs: '<p onclick="x()">We serve <strong>clinics</strong><script>alert(1)</script></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('AboutUs updated successfully!');
    const answer = (await ctx.call('GET', '/api/dashboard/main-components')).json();
    const seen = answer.components;
    expect(seen.AboutUs).toBe('<p>We serve <strong>clinics</strong></p>');
    expect(seen.Hero).toBe('');
    // The spec's client reads the six blocks at the top level too.
    expect(answer).toMatchObject(seen);
  });

  it('refuses an empty block, also one that sanitising empties, and keeps the old text', async () => {
    await upsert({ Hero: '<p>Smarter HR</p>' });
    for (const html of ['', '   ', '<script>alert(1)</script>', '<p> </p>']) {
      const res = await upsert({ Hero: html });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'content.empty' });
      expect(res.json().message).toContain('Content cannot be empty');
    }
    expect((await ctx.call('GET', '/api/dashboard/main-components')).json().components.Hero).toBe(
      '<p>Smarter HR</p>',
    );
  });

  it.each(XSS_PAYLOADS)('stores nothing active from %j', async (payload) => {
    const res = await upsert({ namedescription: `<p>Events</p>${payload}` });
    expect(res.statusCode).toBe(200);
    const html = (await ctx.call('GET', '/api/dashboard/main-components')).json().components.namedescription;
    expect(activeParts(html)).toEqual([]);
  });

  describe('per language', () => {
    const read = async (lang?: string) =>
      (await ctx.call('GET', `/api/dashboard/main-components${lang ? `?lang=${lang}` : ''}`)).json();
    const texts = async () => (await ctx.call('GET', '/api/content/blocks', admin)).json().blocks;
    const put = (key: string, lang: string, html: string) =>
      ctx.call('PUT', `/api/content/blocks/${key}/${lang}`, admin, { html });
    const restore = (key: string, lang: string) =>
      ctx.call('DELETE', `/api/content/blocks/${key}/${lang}`, admin);

    it('edits one language only; the spec-shaped upsert writes English and leaves the others', async () => {
      expect(
        (await put('coreDescription', 'fr', '<p>Gestion <em>RH</em><script>x()</script></p>')).statusCode,
      ).toBe(200);
      expect((await put('coreDescription', 'sw', '<p>Usimamizi wa wafanyakazi</p>')).statusCode).toBe(200);
      expect((await upsert({ coreDescription: '<p>Core HR</p>' })).statusCode).toBe(200);

      expect((await read('fr')).components.coreDescription).toBe('<p>Gestion <em>RH</em></p>');
      expect((await read('sw')).components.coreDescription).toBe('<p>Usimamizi wa wafanyakazi</p>');
      expect((await read('en')).components.coreDescription).toBe('<p>Core HR</p>');
      expect((await read()).components.coreDescription).toBe('<p>Core HR</p>');
      expect(
        (await upsert({ coreDescription: '<p>Core HR, again</p>' })).json().components.coreDescription,
      ).toBe('<p>Core HR, again</p>');
      expect((await read('fr')).components.coreDescription).toBe('<p>Gestion <em>RH</em></p>');
    });

    it('says per language which blocks are still the default', async () => {
      await put('hiredescription', 'sw', '<p>Ajira</p>');
      const all = await texts();
      expect(all.hiredescription).toEqual({
        en: { html: '', isDefault: true, updatedAt: null },
        sw: { html: '<p>Ajira</p>', isDefault: false, updatedAt: expect.any(String) },
        fr: { html: '', isDefault: true, updatedAt: null },
      });
      expect((await read('sw')).isDefault).toMatchObject({
        hiredescription: false,
        Hero: expect.any(Boolean),
      });
      expect((await read('fr')).isDefault.hiredescription).toBe(true);
    });

    it('restores one language to its default, the others kept, and records it', async () => {
      await put('conectdescription', 'fr', '<p>Réseau</p>');
      await put('conectdescription', 'en', '<p>Network</p>');
      const res = await restore('conectdescription', 'fr');
      expect(res.statusCode).toBe(200);
      expect(res.json().blocks.conectdescription.fr).toEqual({ html: '', isDefault: true, updatedAt: null });
      expect((await read('fr')).components.conectdescription).toBe('');
      expect((await read('en')).components.conectdescription).toBe('<p>Network</p>');
      // Again: already the default, nothing changes.
      expect((await restore('conectdescription', 'fr')).statusCode).toBe(200);
      const entries = await ctx.sql(
        `select payload->'data'->'before' as before from content.outbox
          where payload->'data'->>'action' = 'content-block.restore-default'`,
      );
      expect(entries).toEqual([{ before: { lang: 'fr', html: '<p>Réseau</p>' } }]);
    });

    it('refuses an unknown language or block, an empty text, a non-admin, changing nothing', async () => {
      const before = await texts();
      expect((await put('Hero', 'de', '<p>Hallo</p>')).statusCode).toBe(400);
      expect((await put('Footer', 'en', '<p>x</p>')).statusCode).toBe(400);
      expect((await restore('Hero', 'xx')).statusCode).toBe(400);
      expect((await ctx.call('GET', '/api/dashboard/main-components?lang=de')).statusCode).toBe(400);
      const blank = await put('Hero', 'fr', '<p> </p>');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'content.empty' });
      const user = ctx.persona('user');
      expect(
        (await ctx.call('PUT', '/api/content/blocks/Hero/fr', user, { html: '<p>x</p>' })).statusCode,
      ).toBe(403);
      expect((await ctx.call('DELETE', '/api/content/blocks/Hero/en', user)).statusCode).toBe(403);
      expect((await ctx.call('GET', '/api/content/blocks')).statusCode).toBe(401);
      expect(await texts()).toEqual(before);
    });

    it.each(XSS_PAYLOADS)('stores nothing active in a language from %j', async (payload) => {
      expect((await put('namedescription', 'sw', `<p>Matukio</p>${payload}`)).statusCode).toBe(200);
      expect(activeParts((await read('sw')).components.namedescription)).toEqual([]);
    });
  });
});

describe('blog posts', () => {
  const add = (body: Record<string, unknown>) => ctx.call('POST', '/api/blog/add', admin, body);
  const publicSlugs = async () =>
    ((await ctx.call('GET', '/api/blog/get?limit=100')).json().data as { slug: string }[]).map((p) => p.slug);

  it('keeps a draft from the public until it is published, at its own address', async () => {
    const draft = await add({
      name: 'Licence renewals in 2027',
      data: '<p>What the KMPDC asks for.</p>',
      status: 'draft',
    });
    expect(draft.statusCode).toBe(201);
    const post = draft.json().blog;
    expect(post).toMatchObject({ status: 'draft', slug: 'licence-renewals-in-2027', publishedAt: null });
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await ctx.call('GET', `/api/blog/posts/${post.slug}`)).statusCode).toBe(404);

    const published = await ctx.call('PUT', `/api/blog/update/${post.id}`, admin, {
      name: post.name,
      data: post.data,
      status: 'published',
    });
    expect(published.json().blog).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    expect(await publicSlugs()).toContain(post.slug);
    const read = await ctx.call('GET', `/api/blog/posts/${post.slug}`);
    expect(read.json().blog).toMatchObject({
      name: 'Licence renewals in 2027',
      data: '<p>What the KMPDC asks for.</p>',
    });
  });

  it("publishes a spec-shaped post (name, data) and answers the post's fields beside success", async () => {
    const res = await add({ name: 'Nursing Council briefing', data: '<p>New renewal dates.</p>' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // What the spec's client reads of the new blog, at the top level.
    expect(body).toMatchObject({
      success: true,
      _id: expect.any(String),
      name: 'Nursing Council briefing',
      data: '<p>New renewal dates.</p>',
      date: expect.any(String),
      status: 'published',
    });
    expect(body.blog).toMatchObject({ _id: body._id, status: 'published' });
    const listed = (await ctx.call('GET', '/api/blog/get?limit=100')).json();
    expect(listed.success).toBe(true);
    expect(listed.data.find((p: { _id: string }) => p._id === body._id)).toMatchObject({
      name: 'Nursing Council briefing',
      data: '<p>New renewal dates.</p>',
      date: body.date,
    });

    const updated = (
      await ctx.call('PUT', `/api/blog/update/${body._id}`, admin, {
        name: 'Briefing',
        data: '<p>Moved.</p>',
      })
    ).json();
    expect(updated).toMatchObject({ success: true, _id: body._id, name: 'Briefing', data: '<p>Moved.</p>' });
  });

  it("carries the spec's _id and date beside id and createdAt, on every answer", async () => {
    const post = (await add({ name: 'CPD points explained', data: '<p>x</p>', status: 'published' })).json()
      .blog;
    expect(post._id).toBe(post.id);
    expect(post.date).toBe(post.createdAt);
    const listed = (await ctx.call('GET', '/api/blog/get?limit=100'))
      .json()
      .data.find((p: { id: string }) => p.id === post.id);
    expect(listed).toMatchObject({ _id: post.id, date: post.createdAt });
    const read = (await ctx.call('GET', `/api/blog/posts/${post.slug}`)).json().blog;
    expect(read).toMatchObject({ _id: post.id, date: post.createdAt });
  });

  it('answers the spec’s GET /api/blog/get (no page asked) with the array of posts itself, newest first', async () => {
    const draft = (await add({ name: 'Not yet', data: '<p>d</p>', status: 'draft' })).json().blog;
    const older = (await add({ name: 'Older news', data: '<p>o</p>' })).json().blog;
    const newer = (await add({ name: 'Newer news', data: '<p>n</p>' })).json().blog;
    const res = await ctx.call('GET', '/api/blog/get');
    expect(res.statusCode).toBe(200);
    const posts = res.json() as Array<{ _id: string }>;
    expect(Array.isArray(posts)).toBe(true);
    expect(posts[0]).toMatchObject({ _id: newer.id, name: 'Newer news', data: '<p>n</p>', date: newer.date });
    expect(posts[1]).toMatchObject({ _id: older.id });
    expect(posts.map((p) => p._id)).not.toContain(draft.id);
    // Asked for a page, the same call answers the paged envelope.
    const paged = (await ctx.call('GET', '/api/blog/get?page=1')).json();
    expect(paged).toMatchObject({ success: true, pageInfo: { page: 1, limit: 20 } });
    expect(paged.data[0]).toMatchObject({ _id: newer.id });
  });

  it('gives a second post of the same title its own address', async () => {
    const a = (await add({ name: 'Nurses’ week — Kisumu', data: '<p>a</p>' })).json().blog;
    const b = (await add({ name: 'Nurses’ week — Kisumu', data: '<p>b</p>' })).json().blog;
    expect(a.slug).toBe('nurses-week-kisumu');
    expect(b.slug).toBe('nurses-week-kisumu-2');
  });

  it('keeps every saved state and restores an earlier one as a new version', async () => {
    const post = (await add({ name: 'First title', data: '<p>First text</p>' })).json().blog;
    await ctx.call('PUT', `/api/blog/update/${post.id}`, admin, {
      name: 'Second title',
      data: '<p>Second text</p>',
    });
    const versions = (await ctx.call('GET', `/api/blog/${post.id}/versions`, admin)).json().data;
    expect(versions.map((v: { version: number; name: string }) => [v.version, v.name])).toEqual([
      [2, 'Second title'],
      [1, 'First title'],
    ]);
    expect(versions[0].savedBy).toBe(admin.id);
    const restored = await ctx.call('POST', `/api/blog/${post.id}/versions/1/restore`, admin);
    expect(restored.json().blog).toMatchObject({ name: 'First title', data: '<p>First text</p>' });
    const after = (await ctx.call('GET', `/api/blog/${post.id}/versions`, admin)).json().data;
    expect(after.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await ctx.call('POST', `/api/blog/${post.id}/versions/9/restore`, admin)).statusCode).toBe(404);
  });

  it('lists every post for the admin with the tiles, and a deleted one is gone for everyone', async () => {
    const post = (await add({ name: 'To delete', data: '<p>x</p>', status: 'published' })).json().blog;
    const list = (await ctx.call('GET', '/api/blog/admin?limit=100', admin)).json();
    expect(list.data.map((p: { id: string }) => p.id)).toContain(post.id);
    expect(list.stats).toMatchObject({ total: list.pageInfo.total, recentlyEdited: list.pageInfo.total });
    expect((await ctx.call('DELETE', `/api/blog/delete/${post.id}`, admin)).statusCode).toBe(200);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect(
      (await ctx.call('GET', '/api/blog/admin?limit=100', admin))
        .json()
        .data.map((p: { id: string }) => p.id),
    ).not.toContain(post.id);
    expect((await ctx.call('DELETE', `/api/blog/delete/${post.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a post whose content sanitising empties', async () => {
    const res = await add({ name: 'Empty', data: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('data: Content cannot be empty');
  });

  it.each(XSS_PAYLOADS)('stores nothing active in a post from %j', async (payload) => {
    const res = await add({ name: 'XSS', data: `<p>ok</p>${payload}` });
    expect(res.statusCode).toBe(201);
    expect(activeParts(res.json().blog.data)).toEqual([]);
  });

  it('lets links out of the site open apart from it, and keeps https images only', async () => {
    const res = await add({
      name: 'Links',
      data: '<p><a href="https://kmpdc.go.ke">KMPDC</a> <a href="/hire">jobs</a> <img src="https://img.example/a.png" alt="a"><img src="http://img.example/b.png"><img src="x"></p>',
    });
    expect(res.json().blog.data).toBe(
      '<p><a href="https://kmpdc.go.ke" rel="noopener noreferrer" target="_blank">KMPDC</a> <a href="/hire">jobs</a> <img src="https://img.example/a.png" alt="a" /></p>',
    );
  });
});
