/**
 * The original product's API table (product spec, section 7), replayed row by row through the gateway in
 * front of the real svc-identity, svc-hire, svc-events, svc-connect and svc-content on Postgres and NATS:
 * each call sent as the spec's client sends it (its method and path as the table spells them, its field
 * names, its way of signing in) and each field the client reads checked for its shape, with the entities of
 * section 3. `SPEC_API` below is the table itself, one entry per row with the spec's own words, so it can be
 * read against the spec line by line; where we knowingly send more than the original (a token on a call the
 * original left open), the entry says why in `differs`.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { HOME_BLOCKS } from '@platform/contracts/values';
import { NatsEventBus } from '@platform/event-bus';
import { FollowedRevocations, SESSION_COOKIE, type App } from '@platform/service-kit';
import { createTestDatabase, eventually, serviceTestEnv, type ServiceTestEnv } from '@platform/testing';
import { buildApp as buildIdentity } from '../svc-identity/src/app';
import { readConfig as identityConfig } from '../svc-identity/src/config';
import { buildApp as buildContent } from '../svc-content/src/app';
import { readConfig as contentConfig } from '../svc-content/src/config';
import { buildApp as buildHire } from '../svc-hire/src/app';
import { readConfig as hireConfig } from '../svc-hire/src/config';
import { buildApp as buildEvents } from '../svc-events/src/app';
import { readConfig as eventsConfig } from '../svc-events/src/config';
import { buildApp as buildConnect } from '../svc-connect/src/app';
import { readConfig as connectConfig } from '../svc-connect/src/config';
import { buildApp as buildGateway } from '../gateway/src/app';
import { readConfig as gatewayConfig } from '../gateway/src/config';

jest.setTimeout(60_000);

const PASSWORD = 'Mombasa harbour clinic 2026!';
/** The platform's public origin (PUBLIC_URL): the spec's client's pages are served from it. */
const SITE = 'https://afyahr.example';
const ADMIN_EMAIL = 'admin@spec.example';

// ---------------------------------------------------------------------------------------------------
// Section 3's entities, as shapes: a field's kind, a nested shape, or `[shape]` for a list of them.

type Kind = 'string' | 'id' | 'number' | 'boolean' | 'instant' | 'day' | 'clock' | 'strings' | 'array';
type Shape = { [field: string]: Kind | Shape | [Shape] };

const KINDS: Record<Kind, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  id: (v) => typeof v === 'string' && v.length > 0,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  instant: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /T/.test(v),
  day: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  clock: (v) => typeof v === 'string' && /^\d{2}:\d{2}$/.test(v),
  strings: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
  array: (v) => Array.isArray(v),
};

/** What in `value` does not have `shape`, each as `path: expected, got …` (empty: it has it). */
function misfits(value: unknown, shape: Shape, at = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [`${at || 'answer'}: expected an object, got ${JSON.stringify(value)}`];
  const record = value as Record<string, unknown>;
  return Object.entries(shape).flatMap(([field, want]) => {
    const path = at ? `${at}.${field}` : field;
    const got = record[field];
    if (Array.isArray(want))
      return Array.isArray(got)
        ? got.flatMap((item, i) => misfits(item, want[0], `${path}[${i}]`))
        : [`${path}: expected a list, got ${JSON.stringify(got)}`];
    if (typeof want === 'object') return misfits(got, want, path);
    return KINDS[want](got) ? [] : [`${path}: expected ${want}, got ${JSON.stringify(got)}`];
  });
}

const expectShape = (value: unknown, shape: Shape) => expect(misfits(value, shape)).toEqual([]);

/** User (the directory's card: e-mail and phone are the person's own, not the public's). */
const DIRECTORY_USER: Shape = {
  _id: 'id',
  name: 'string',
  designation: 'string',
  description: 'string',
  address: 'string',
  skills: 'strings',
  role: 'string',
  facility: 'string',
  country: 'string',
  location: 'string',
  photo: 'string',
};
/** Session's user: "structured, at least role and email". */
const SESSION_USER: Shape = { ...DIRECTORY_USER, email: 'string', phone: 'string' };
/**
 * Job. `postedBy` is a name, never the poster's e-mail (the original put a login e-mail on a public page);
 * `type` and `salaryRange` are the spec's "type or jobType" and "salaryRange or salary".
 */
const JOB: Shape = {
  _id: 'id',
  title: 'string',
  organization: 'string',
  department: 'string',
  location: 'string',
  type: 'string',
  description: 'string',
  salaryRange: 'string',
  postedBy: 'string',
  postedAt: 'instant',
};
const APPLICATION: Shape = {
  _id: 'id',
  userId: 'id',
  jobId: { _id: 'id', title: 'string', location: 'string' },
  fullName: 'string',
  email: 'string',
  phoneNumber: 'string',
  coverLetter: 'string',
  resumeUrl: 'string',
  appliedAt: 'instant',
  status: 'string',
};
/** Event. `zoomLink` is given to the organiser and confirmed registrants only, never in the public list. */
const EVENT: Shape = {
  _id: 'id',
  title: 'string',
  description: 'string',
  category: 'string',
  date: 'day',
  time: 'clock',
  location: 'string',
  speaker: { name: 'string', designation: 'string' },
  tags: 'strings',
  postedBy: 'string',
};
/** Discussion (its replies come with the discussion's own page, `GET /api/discussion/:id`). */
const DISCUSSION: Shape = {
  _id: 'id',
  title: 'string',
  content: 'string',
  category: 'string',
  visible: 'strings',
  createdBy: { name: 'string', role: 'string', facility: 'string', country: 'string' },
  createdAt: 'instant',
};
/** Dashboard users and clinics. */
const DASHBOARD_USER: Shape = {
  _id: 'id',
  name: 'string',
  email: 'string',
  role: 'string',
  designation: 'string',
  address: 'string',
  date: 'instant',
};
/** Blog (`name` the title, `data` the content; `date` as the original's records had it). */
const BLOG: Shape = {
  _id: 'id',
  name: 'string',
  data: 'string',
  createdAt: 'instant',
  updatedAt: 'instant',
  date: 'instant',
};

// ---------------------------------------------------------------------------------------------------
// The platform, and the people and things the rows read.

interface Person {
  email: string;
  token: string;
  id: string;
  /** The session cookie sign-in set (`afya.session=…`), as a browser sends it back. */
  cookie: string;
}

/** What each row may use: the people, what was posted before the rows ran, and the call itself. */
interface World {
  user: Person;
  clinic: Person;
  admin: Person;
  job: { id: string; title: string };
  /** A second job of the clinic, for the spec's apply to go to (the first already has an application). */
  openJob: { id: string };
  event: { id: string };
  discussion: { id: string };
  blog: { id: string };
}

type Who = 'user' | 'Clinic' | 'admin';

interface Row {
  /** The spec's "Method and path" cell, as written. */
  call: string;
  /** The spec's "Request" cell, as written. */
  request: string;
  /** The spec's "Response read" cell, as written. */
  read: string;
  /** Whose session goes with the call, and how: the spec's bearer header, or its cookies. */
  auth?: { as: Who; by: 'bearer' | 'cookie' };
  /** Where this platform knowingly asks more than the original did, and why. */
  differs?: string;
  /** The path's `{id}`, where the spec's path has one. */
  id?: (w: World) => string;
  /** The body the spec's client sends (JSON), with the field names of the Request cell. */
  body?: (w: World) => Record<string, unknown>;
  /** What the client reads, checked on the answer (`w` for what was posted before). */
  expect: (res: LightMyRequestResponse, w: World) => void | Promise<void>;
  /** For a cell reading something "on error": a body the service refuses, and what the client reads then. */
  failure?: { body: (w: World) => Record<string, unknown> };
}

/** "only ok status": any 2xx, as `fetch`'s `ok` reads it. */
const isOk = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

const SPEC_API: Row[] = [
  {
    call: 'POST /api/user/login',
    request: 'email, password',
    read: 'success, message, token, user',
    body: (w) => ({ email: w.user.email, password: PASSWORD }),
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: expect.any(String), token: expect.any(String) });
      expect(body.token.split('.')).toHaveLength(3);
      expectShape(body.user, SESSION_USER);
      expect(body.user).toMatchObject({ email: w.user.email, role: 'user' });
    },
  },
  {
    call: 'POST /api/user/register',
    request: 'name, email, password, designation, description, address, phone, skills (array), role',
    read: 'success, message',
    body: () => ({
      name: 'Wanjiku Kamau',
      email: `wanjiku.${randomUUID().slice(0, 8)}@spec.example`,
      password: PASSWORD,
      designation: 'Clinical Officer',
      description: 'Outpatient and maternity care in Nyeri.',
      address: 'Nyeri, Kenya',
      phone: '+254 711 222 333',
      skills: ['Triage', 'Antenatal care'],
      role: 'user',
    }),
    expect: (res) => {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    },
  },
  {
    call: 'GET /api/user/get',
    request: 'none',
    read: 'success, users',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expectShape(body, { users: [DIRECTORY_USER] });
      expect(body.users.map((u: { _id: string }) => u._id)).toEqual(
        expect.arrayContaining([w.user.id, w.clinic.id]),
      );
    },
  },
  {
    call: 'GET /api/job/get',
    request: 'none',
    read: 'success, data (array of jobs)',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expectShape(body, { data: [JOB] });
      expect(body.data).toContainEqual(expect.objectContaining({ _id: w.job.id, title: w.job.title }));
    },
  },
  {
    call: 'POST /api/job/add',
    request: 'bearer token; JSON job fields plus postedBy',
    read: 'data (the new job); message on error',
    auth: { as: 'Clinic', by: 'bearer' },
    // The clinic dashboard's form: its fields, the default salary text, and the poster's e-mail.
    body: (w) => ({
      title: 'Theatre Nurse',
      organization: 'Coast General Clinic',
      location: 'Mombasa, Kenya',
      jobType: 'Part-time',
      salaryRange: '$95,000 - $120,000',
      description: 'Scrub and circulating duties in two theatres.',
      postedBy: w.clinic.email,
    }),
    expect: (res) => {
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expectShape(data, JOB);
      expect(data).toMatchObject({ title: 'Theatre Nurse', type: 'Part-time', location: 'Mombasa, Kenya' });
      expect(data.salaryRange).toMatch(/95,000/);
    },
    failure: { body: (w) => ({ organization: 'Coast General Clinic', postedBy: w.clinic.email }) },
  },
  {
    call: 'POST /api/application/apply',
    request: 'JSON userId, jobId, fullName, email, phoneNumber, coverLetter, resumeUrl, appliedAt',
    read: 'only ok status',
    auth: { as: 'user', by: 'bearer' },
    differs:
      "the applicant signs in: an application is the token's account's (the original took any userId, a hard-coded placeholder in one variant)",
    body: (w) => ({
      userId: 'user123',
      jobId: w.openJob.id,
      fullName: 'Amina Wanjiru',
      email: w.user.email,
      phoneNumber: '+254 700 111 222',
      coverLetter: 'Six years in maternity care.',
      resumeUrl: 'https://cv.example.org/amina.pdf',
      appliedAt: new Date().toISOString(),
    }),
    expect: (res) => expect(isOk(res)).toBe(true),
  },
  {
    call: 'GET /api/application/get',
    request: 'none',
    read: 'success, data[] (user dashboard filters by e-mail on the client; clinic dashboard reads all)',
    auth: { as: 'user', by: 'bearer' },
    differs:
      "the applicant signs in and reads their own applications only (the original sent everyone's to every browser); the clinic, signed in, reads those to its own jobs",
    expect: async (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expectShape(body, { data: [APPLICATION] });
      expect(body.data).toContainEqual(
        expect.objectContaining({ userId: w.user.id, jobId: expect.objectContaining({ _id: w.job.id }) }),
      );
      // The clinic dashboard's read of the same call.
      const clinics = await send('GET', '/api/application/get', { as: w.clinic });
      expect(clinics.statusCode).toBe(200);
      expectShape(clinics.json(), { data: [APPLICATION] });
      expect(clinics.json().data).toContainEqual(
        expect.objectContaining({ jobId: expect.objectContaining({ _id: w.job.id, title: w.job.title }) }),
      );
    },
  },
  {
    call: 'GET /api/event/get',
    request: 'none',
    read: 'success, data (array)',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expectShape(body, { data: [EVENT] });
      expect(body.data).toContainEqual(expect.objectContaining({ _id: w.event.id }));
    },
  },
  {
    call: 'POST /api/event/add',
    request: 'bearer token; JSON event fields plus postedBy',
    read: 'message on error',
    auth: { as: 'Clinic', by: 'bearer' },
    // The clinic dashboard's event form.
    body: (w) => ({
      title: 'Infection prevention webinar',
      date: inDays(21),
      time: '14:00',
      location: 'Online',
      category: 'Webinar',
      speaker: { name: 'Dr. Halima Yusuf', designation: 'Infection Control Lead' },
      description: 'Hand hygiene audits that stick, for small clinics.',
      zoomLink: 'https://zoom.us/j/555000111',
      tags: ['CPD', 'IPC'],
      postedBy: w.clinic.email,
    }),
    expect: (res) => {
      expect(res.statusCode).toBe(201);
      expect(res.json().success).toBe(true);
    },
    failure: {
      body: (w) => ({ title: 'No date given', location: 'Online', postedBy: w.clinic.email }),
    },
  },
  {
    call: 'GET /api/dicussion/get (spelled so)',
    request: 'none',
    read: 'success, data',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expectShape(body, { data: [DISCUSSION] });
      expect(body.data).toContainEqual(
        expect.objectContaining({ _id: w.discussion.id, visible: ['Public'] }),
      );
    },
  },
  {
    call: 'POST /api/dicussion/add (spelled so)',
    request: 'title, content, category, visible, createdBy; optional bearer token',
    read: 'data._id, error, message',
    auth: { as: 'user', by: 'bearer' },
    differs:
      'posting needs the token the spec makes optional (its own rule: "posting requires a logged-in user"); createdBy is taken from it',
    body: () => ({
      title: 'Night cover for rural maternity wards',
      content: 'How do your clinical officers share the load at night?',
      category: 'Task Shifting in Rural Clinics',
      visible: ['Public'],
      createdBy: { name: 'Someone Else', role: 'admin', facility: 'Anywhere', country: 'Kenya' },
    }),
    expect: (res, w) => {
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expectShape(data, DISCUSSION);
      // The author is the token's account, whatever createdBy said.
      expect(data.createdBy).toMatchObject({ role: 'user' });
      expect(data.createdBy.name).not.toBe('Someone Else');
      expect(data._id).not.toBe(w.discussion.id);
    },
    failure: { body: () => ({ title: '', content: 'x', category: 'General', visible: ['Public'] }) },
  },
  {
    call: 'POST /api/connect',
    request: 'JSON userName, userEmail, clientEmail; cookies included',
    read: 'message on error',
    auth: { as: 'Clinic', by: 'cookie' },
    body: (w) => ({ userName: 'Coast General Clinic', userEmail: w.clinic.email, clientEmail: w.user.email }),
    expect: async (res, w) => {
      expect(isOk(res)).toBe(true);
      expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
      // The request went, from the cookie's account.
      const box = await send('GET', '/api/connect/requests?box=incoming', { as: w.user });
      expect(box.json().data).toContainEqual(
        expect.objectContaining({ from: expect.objectContaining({ id: w.clinic.id }) }),
      );
    },
    failure: {
      body: (w) => ({ userName: 'Coast General Clinic', userEmail: w.clinic.email, clientEmail: '' }),
    },
  },
  {
    call: 'GET /api/dashboard/total-users',
    request: 'none',
    read: 'totalUsers',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the admin dashboard is the admin’s alone (the original checked nothing on the server)',
    expect: (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().totalUsers).toBeGreaterThanOrEqual(2);
    },
  },
  {
    call: 'GET /api/dashboard/latest-users',
    request: 'none',
    read: 'latestUsers[]',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the admin dashboard is the admin’s alone (the original checked nothing on the server)',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      expectShape(res.json(), { latestUsers: [DASHBOARD_USER] });
      expect(res.json().latestUsers.map((u: { _id: string }) => u._id)).toEqual(
        expect.arrayContaining([w.user.id, w.clinic.id]),
      );
    },
  },
  {
    call: 'GET /api/dashboard/users',
    request: 'none',
    read: 'users[]',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the admin dashboard is the admin’s alone (the original checked nothing on the server)',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      expectShape(res.json(), { users: [DASHBOARD_USER] });
      expect(res.json().users).toContainEqual(
        expect.objectContaining({ _id: w.user.id, email: w.user.email, role: 'user' }),
      );
    },
  },
  {
    call: 'GET /api/dashboard/clinics',
    request: 'none',
    read: 'clinics[]',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the admin dashboard is the admin’s alone (the original checked nothing on the server)',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      expectShape(res.json(), { clinics: [DASHBOARD_USER] });
      expect(res.json().clinics).toContainEqual(
        expect.objectContaining({ _id: w.clinic.id, email: w.clinic.email, role: 'Clinic' }),
      );
    },
  },
  {
    call: 'GET /api/dashboard/main-components',
    request: 'none',
    read: 'object of the six content blocks',
    expect: (res) => {
      expect(res.statusCode).toBe(200);
      expectShape(res.json(), Object.fromEntries(HOME_BLOCKS.map((b) => [b, 'string' as const])));
      expect(HOME_BLOCKS).toEqual([
        'Hero',
        'AboutUs',
        'coreDescription',
        'hiredescription',
        'namedescription',
        'conectdescription',
      ]);
    },
  },
  {
    call: 'POST /api/dashboard/upsert-main-components',
    request: 'JSON with one block key and its text',
    read: 'error on failure',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'home content is the admin’s to change (the original checked nothing on the server)',
    body: () => ({ AboutUs: '<p>Smarter HR for healthcare teams across East Africa.</p>' }),
    expect: async (res) => {
      expect(res.statusCode).toBe(200);
      const read = (await send('GET', '/api/dashboard/main-components')).json();
      expect(read.AboutUs).toBe('<p>Smarter HR for healthcare teams across East Africa.</p>');
    },
    failure: { body: () => ({ AboutUs: '   ' }) },
  },
  {
    call: 'GET /api/blog/get',
    request: 'none',
    read: 'array of blogs',
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Array.isArray(body)).toBe(true);
      expectShape({ blogs: body }, { blogs: [BLOG] });
      expect(body).toContainEqual(expect.objectContaining({ _id: w.blog.id }));
    },
  },
  {
    call: 'POST /api/blog/add',
    request: 'name, data',
    read: 'the new blog',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the blog is the admin’s to write (the original checked nothing on the server)',
    body: () => ({ name: 'Licence renewals made simple', data: '<p>Three reminders, one dashboard.</p>' }),
    expect: async (res) => {
      expect(res.statusCode).toBe(201);
      const blog = res.json();
      expectShape(blog, BLOG);
      expect(blog).toMatchObject({ name: 'Licence renewals made simple' });
      // The spec's add publishes: the new post is on the blog at once.
      const listed = (await send('GET', '/api/blog/get')).json();
      expect(listed).toContainEqual(expect.objectContaining({ _id: blog._id }));
    },
  },
  {
    call: 'PUT /api/blog/update/{id}',
    request: 'name, data',
    read: 'the updated blog',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the blog is the admin’s to write (the original checked nothing on the server)',
    id: (w) => w.blog.id,
    body: () => ({ name: 'Renewals, updated', data: '<p>Now with SMS reminders.</p>' }),
    expect: (res, w) => {
      expect(res.statusCode).toBe(200);
      const blog = res.json();
      expectShape(blog, BLOG);
      expect(blog).toMatchObject({
        _id: w.blog.id,
        name: 'Renewals, updated',
        data: expect.stringMatching(/SMS/),
      });
    },
  },
  {
    call: 'DELETE /api/blog/delete/{id}',
    request: 'none',
    read: 'not shown',
    auth: { as: 'admin', by: 'bearer' },
    differs: 'the blog is the admin’s to write (the original checked nothing on the server)',
    id: (w) => w.blog.id,
    expect: async (res, w) => {
      expect(isOk(res)).toBe(true);
      const listed = (await send('GET', '/api/blog/get')).json();
      expect(listed).not.toContainEqual(expect.objectContaining({ _id: w.blog.id }));
    },
  },
];

// ---------------------------------------------------------------------------------------------------
// Reading a row's cells.

/** The method and path of a "Method and path" cell (`GET /api/dicussion/get (spelled so)`). */
function callOf(row: Row, w: World): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string } {
  const [, method, path] = /^(GET|POST|PUT|DELETE) (\/\S+)/.exec(row.call)!;
  return { method: method as 'GET', path: row.id ? path!.replace('{id}', row.id(w)) : path! };
}

/** How the Request cell signs in: a bearer header, cookies, an optional bearer header, or nothing. */
function specAuth(cell: string): 'bearer' | 'optional bearer' | 'cookie' | 'none' {
  if (/optional bearer token/.test(cell)) return 'optional bearer';
  if (/bearer token/.test(cell)) return 'bearer';
  if (/cookies included/.test(cell)) return 'cookie';
  return 'none';
}

/** The field names a Request cell lists (`name, data`), or undefined when it describes them in words. */
function fieldsOf(cell: string): string[] | undefined {
  const parts = cell
    .split(';')
    .filter((p) => !/bearer token|cookies included/.test(p))
    .join(',')
    .replace(/^\s*JSON\s+/, '')
    .replace(/\([^)]*\)/g, '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (parts.length === 1 && parts[0] === 'none') return [];
  return parts.every((f) => /^[A-Za-z_]+$/.test(f)) ? parts : undefined;
}

// ---------------------------------------------------------------------------------------------------

let run: ServiceTestEnv;
let gateway: App;
let gatewayBus: NatsEventBus;
let gatewayRevocations: FollowedRevocations;
const services: App[] = [];
const databases: Array<Awaited<ReturnType<typeof createTestDatabase>>> = [];
let world: World;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A call through the gateway, signed in as `as` (bearer header) when given. */
function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  { as, payload }: { as?: Person; payload?: object } = {},
) {
  return gateway.inject({
    method,
    url,
    headers: as ? { authorization: `Bearer ${as.token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function signUp(role: 'user' | 'Clinic', name: string): Promise<Person> {
  const email = `${role.toLowerCase()}.${randomUUID().slice(0, 8)}@spec.example`;
  const res = await send('POST', '/api/user/register', {
    payload: { name, email, password: PASSWORD, role, address: 'Mombasa, Kenya', designation: 'Nurse' },
  });
  expect(res.statusCode).toBe(201);
  return { email, token: res.json().token, id: res.json().user.id, cookie: sessionCookieOf(res) };
}

async function logIn(email: string): Promise<Person> {
  const res = await send('POST', '/api/user/login', { payload: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return { email, token: res.json().token, id: res.json().user.id, cookie: sessionCookieOf(res) };
}

/** The session cookie a sign-in's answer set, as the browser sends it back (`name=value`). */
function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
  return `${cookie!.name}=${cookie!.value}`;
}

/** Builds a service on its own database (the run's NATS prefix and key) and listens on a free port. */
async function start(name: string, build: (env: Record<string, string>) => Promise<App>): Promise<string> {
  const db = await createTestDatabase(`spec_${name}`);
  databases.push(db);
  const app = await build({ ...run.env, DATABASE_URL: db.url });
  services.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  run = await serviceTestEnv('spec_identity');
  run.env.PUBLIC_URL = SITE;
  const identity = await buildIdentity(
    identityConfig({
      ...run.env,
      JWT_PRIVATE_KEY: run.keys.privateKey,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: PASSWORD,
    }),
  );
  services.push(identity);
  const upstreams = {
    IDENTITY_URL: await identity.listen({ port: 0, host: '127.0.0.1' }),
    CONTENT_URL: await start('content', (env) => buildContent(contentConfig(env))),
    HIRE_URL: await start('hire', (env) => buildHire(hireConfig(env))),
    EVENTS_URL: await start('events', (env) => buildEvents(eventsConfig(env))),
    CONNECT_URL: await start('connect', (env) => buildConnect(connectConfig(env))),
  };
  // The gateway follows logouts as it does when running (server.ts).
  gatewayBus = await NatsEventBus.connect({ url: run.natsUrl, prefix: run.prefix, name: 'gateway-spec' });
  gatewayRevocations = new FollowedRevocations(gatewayBus);
  await gatewayRevocations.start();
  gateway = await buildGateway(gatewayConfig({ ...run.env, ...upstreams, SHELL_DIST: '/nonexistent' }), {
    revocations: gatewayRevocations,
  });

  const user = await signUp('user', 'Amina Wanjiru');
  const clinic = await signUp('Clinic', 'Coast General Clinic');
  const admin = await logIn(ADMIN_EMAIL);
  // Every service knows both accounts from identity's events before the rows read them.
  await eventually(async () => {
    const users = await send('GET', '/api/dashboard/users?limit=100', { as: admin });
    const clinics = await send('GET', '/api/dashboard/clinics?limit=100', { as: admin });
    const known = [...users.json().users, ...clinics.json().clinics].map((u: { _id: string }) => u._id);
    const listed = await send('GET', `/api/connect/professionals/${user.id}`);
    return known.includes(user.id) && known.includes(clinic.id) && listed.statusCode === 200
      ? true
      : undefined;
  });

  const posted = async (url: string, as: Person, payload: object) => {
    const res = await send('POST', url, { as, payload });
    expect([url, res.statusCode]).toEqual([url, 201]);
    return res.json();
  };
  const jobBody = {
    title: 'Registered Nurse, Maternity',
    organization: 'Coast General Clinic',
    department: 'Maternity',
    location: 'Mombasa, Kenya',
    type: 'Full-time',
    description: 'Day shifts on the maternity ward.',
    salaryRange: 'Ksh 80,000 - 110,000',
  };
  const job = (await posted('/api/job/add', clinic, jobBody)).data;
  const openJob = (await posted('/api/job/add', clinic, { ...jobBody, title: 'Midwife' })).data;
  await posted('/api/application/apply', user, {
    jobId: job._id,
    fullName: 'Amina Wanjiru',
    email: user.email,
    phoneNumber: '+254 700 111 222',
    resumeUrl: 'https://cv.example.org/amina.pdf',
  });
  const event = (
    await posted('/api/event/add', clinic, {
      title: 'Neonatal resuscitation refresher',
      description: 'Hands-on practice of newborn life support.',
      category: 'Training',
      date: inDays(10),
      time: '09:30',
      location: 'Mombasa',
      speaker: { name: 'Dr. Achieng Otieno', designation: 'Consultant Paediatrician' },
      tags: ['CPD'],
    })
  ).data;
  const discussion = (
    await posted('/api/discussion/add', user, {
      title: 'Task shifting in Kilifi',
      content: 'How do you share the maternity load?',
      category: 'General',
      visible: ['Public'],
    })
  ).data;
  const blog = await posted('/api/blog/add', admin, { name: 'Welcome', data: '<p>Hello.</p>' });

  world = {
    user,
    clinic,
    admin,
    job: { id: job._id, title: job.title },
    openJob: { id: openJob._id },
    event: { id: event._id },
    discussion: { id: discussion._id },
    blog: { id: blog._id },
  };
});

afterAll(async () => {
  await gateway?.close();
  await gatewayRevocations?.stop();
  await gatewayBus?.close();
  for (const app of services) await app.close();
  for (const db of databases) await db.drop();
  await run?.cleanup();
});

it('holds every row of the spec’s table, in its order', () => {
  expect(SPEC_API.map((r) => r.call.split(' (')[0])).toEqual([
    'POST /api/user/login',
    'POST /api/user/register',
    'GET /api/user/get',
    'GET /api/job/get',
    'POST /api/job/add',
    'POST /api/application/apply',
    'GET /api/application/get',
    'GET /api/event/get',
    'POST /api/event/add',
    'GET /api/dicussion/get',
    'POST /api/dicussion/add',
    'POST /api/connect',
    'GET /api/dashboard/total-users',
    'GET /api/dashboard/latest-users',
    'GET /api/dashboard/users',
    'GET /api/dashboard/clinics',
    'GET /api/dashboard/main-components',
    'POST /api/dashboard/upsert-main-components',
    'GET /api/blog/get',
    'POST /api/blog/add',
    'PUT /api/blog/update/{id}',
    'DELETE /api/blog/delete/{id}',
  ]);
});

describe.each(SPEC_API.map((row) => [row.call, row] as const))('%s', (_call, row) => {
  const personOf = (who: Who) => ({ user: world.user, Clinic: world.clinic, admin: world.admin })[who];

  /** The row's call through the gateway, with `body` and the row's session as the row sends it. */
  function sendRow(body: Record<string, unknown> | undefined) {
    const { method, path } = callOf(row, world);
    const headers: Record<string, string> = {};
    if (row.auth?.by === 'bearer') headers.authorization = `Bearer ${personOf(row.auth.as).token}`;
    // A browser's credentialed fetch from the site: its cookies, and the page's origin.
    if (row.auth?.by === 'cookie')
      Object.assign(headers, { cookie: personOf(row.auth.as).cookie, origin: SITE });
    return gateway.inject({ method, url: path, headers, ...(body ? { payload: body } : {}) });
  }

  it('is sent as the Request cell says: its fields, and its way of signing in (or why not)', () => {
    const fields = fieldsOf(row.request);
    const body = row.body?.(world);
    if (fields) expect(Object.keys(body ?? {}).sort()).toEqual([...fields].sort());
    const spec = specAuth(row.request);
    const sent = row.auth?.by ?? 'none';
    // A session sent where the spec sends none, or sent another way, is only ever so with the reason given.
    const asSpec = sent === spec || (spec === 'optional bearer' && sent !== 'cookie');
    if (!asSpec) expect(row.differs).toMatch(/\S/);
  });

  it(`answers what the client reads: ${row.read}`, async () => {
    await row.expect(await sendRow(row.body?.(world)), world);
  });

  if (row.failure) {
    const failure = row.failure;
    it('answers a refused call with the text the client shows, as `message` and as `error`', async () => {
      const res = await sendRow(failure.body(world));
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json();
      expect(body).toMatchObject({ success: false, message: expect.stringMatching(/\S/) });
      // The spec's clients read one or the other on failure ("Error: {message}", "error on failure"):
      // both carry the same text.
      expect(body.error).toBe(body.message);
    });
  }
});
