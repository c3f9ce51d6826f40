import { randomUUID } from 'node:crypto';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent();
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

const id = randomUUID();
/** Every admin call, with a body that would succeed for an admin. */
const ADMIN_CALLS: [string, string, unknown][] = (
  [
    ['GET', '/api/dashboard/total-users'],
    ['GET', '/api/dashboard/latest-users'],
    ['GET', '/api/dashboard/users'],
    ['GET', '/api/dashboard/clinics'],
    ['GET', '/api/dashboard/series'],
    ['GET', '/api/dashboard/export.csv'],
    ['POST', '/api/dashboard/upsert-main-components', { AboutUs: '<p>Taken over</p>' }],
    ['GET', '/api/content/blocks'],
    ['PUT', '/api/content/blocks/AboutUs/fr', { html: '<p>Taken over</p>' }],
    ['DELETE', '/api/content/blocks/AboutUs/en'],
    ['GET', '/api/blog/admin'],
    ['POST', '/api/blog/add', { name: 'Taken over', data: '<p>x</p>', status: 'published' }],
    ['PUT', `/api/blog/update/${id}`, { name: 'Taken over', data: '<p>x</p>' }],
    ['DELETE', `/api/blog/delete/${id}`],
    ['GET', `/api/blog/${id}/versions`],
    ['POST', `/api/blog/${id}/versions/1/restore`],
    ['GET', '/api/content/inbox'],
    ['PATCH', `/api/content/inbox/${id}`, { handled: true }],
    ['GET', '/api/content/moderation'],
    ['POST', `/api/content/moderation/${id}/decision`, { decision: 'delete' }],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/admin/audit/verify'],
  ] as [string, string, unknown?][]
).map(([method, url, body]) => [method, url, body ?? null]); // whole rows: jest takes a missing one for `done`

/** Everything a refused call could have changed. */
const state = async () =>
  ctx.sql(`select (select count(*) from content.blocks) as blocks, (select count(*) from content.blog_posts) as posts,
    (select count(*) from content.blog_versions) as versions, (select count(*) from content.inbox where handled_at is not null) as handled,
    (select count(*) from content.moderation_items where decided_at is not null) as decided, (select count(*) from content.outbox) as outbox, (select count(*) from content.audit_log) as audit`);

describe('every admin call is the admin’s alone, on the service itself', () => {
  it.each(ADMIN_CALLS)(
    '%s %s: 401 for a visitor, 403 for a professional and a clinic, nothing changed',
    async (method, url, body) => {
      const before = await state();
      expect((await ctx.call(method, url, undefined, body ?? undefined)).statusCode).toBe(401);
      for (const role of ['user', 'Clinic'] as const) {
        const res = await ctx.call(method, url, ctx.persona(role), body ?? undefined);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false });
      }
      expect(await state()).toEqual(before);
    },
  );

  it('lets an admin in', async () => {
    expect((await ctx.call('GET', '/api/dashboard/total-users', admin)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/content/inbox', admin)).statusCode).toBe(200);
  });

  it('answers public reads to anyone', async () => {
    for (const url of ['/api/dashboard/main-components', '/api/blog/get'])
      expect((await ctx.call('GET', url)).statusCode).toBe(200);
  });
});

describe('bad input is a 400 naming the field, changing nothing', () => {
  it.each([
    ['/api/blog/add', { name: '', data: '<p>x</p>' }, 'name'],
    ['/api/blog/add', { name: 'x', data: '<p>x</p>', status: 'live' }, 'status'],
    ['/api/blog/add', { name: 'x', data: '<p>x</p>', isAdmin: true }, 'isAdmin'],
    ['/api/dashboard/upsert-main-components', { Footer: '<p>x</p>' }, 'Footer'],
    [
      '/api/dashboard/upsert-main-components',
      { AboutUs: '<p>a</p>', Hero: '<p>b</p>' },
      'must NOT have more than 1',
    ],
  ])('POST %s %j', async (url, body, field) => {
    const before = await state();
    const res = await ctx.call('POST', url, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await state()).toEqual(before);
  });

  it.each([
    [
      '/api/content/contact-messages',
      { from_name: 'Amina', from_email: 'not-an-email', from_message: 'Hi' },
      'from_email',
    ],
    [
      '/api/content/contact-messages',
      { from_name: ' ', from_email: 'a@b.example', from_message: 'Hi' },
      'from_name',
    ],
    [
      '/api/content/demo-requests',
      {
        fullName: 'A',
        organization: 'B',
        facilityType: 'Spa',
        email: 'a@b.example',
        phone: '0712345678',
        preferredDate: '2099-01-01',
        preferredTime: '09:00',
      },
      'facilityType',
    ],
  ])('POST %s %j', async (url, body, field) => {
    const before = await ctx.sql('select count(*) as n from content.inbox');
    const res = await ctx.call('POST', url, undefined, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await ctx.sql('select count(*) as n from content.inbox')).toEqual(before);
  });
});
