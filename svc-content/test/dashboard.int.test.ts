import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { IdentityEvents } from '@platform/contracts';
import { EventsEvents } from '@platform/svc-events/contract';
import { HireEvents } from '@platform/svc-hire/contract';
import { makeEnvelope } from '@platform/event-bus';
import { eventually, userEvent } from '@platform/testing';
import { weekOf } from '../src/stores/activity-store';
import { startContent, type ContentContext, type Persona } from './helpers';

let ctx: ContentContext;
let admin: Persona;
beforeAll(async () => {
  ctx = await startContent();
  admin = ctx.persona('admin');
});
afterAll(async () => ctx?.close());

const get = async (url: string) => {
  const res = await ctx.call('GET', url, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('the accounts, from identity’s events', () => {
  let nurse: Persona;
  let clinic: Persona;
  beforeAll(async () => {
    nurse = await ctx.member('user', {
      name: 'Achieng Odhiambo',
      email: 'achieng@example.org',
      designation: 'Nurse',
      phone: '0711000000',
    });
    clinic = await ctx.member('Clinic', { name: 'Mombasa Road Clinic', email: 'hr@mombasaroad.example' });
    await ctx.member('user', {
      name: '=HYPERLINK("https://evil.example")',
      email: 'formula@example.org',
      address: '+254 Nairobi',
    });
  });

  it('counts the tiles and lists the newest first', async () => {
    expect(await get('/api/dashboard/total-users')).toEqual({
      success: true,
      totalUsers: 3,
      totalRegularUsers: 2,
      totalClinics: 1,
    });
    const latest = (await get('/api/dashboard/latest-users')).latestUsers;
    expect(latest.map((u: { id: string }) => u.id)).toHaveLength(3);
    expect(latest.find((u: { id: string }) => u.id === nurse.id)).toMatchObject({
      name: 'Achieng Odhiambo',
      role: 'user',
      phone: '0711000000',
      designation: 'Nurse',
    });
  });

  it('lists professionals and clinics apart, searched by name or e-mail, paged', async () => {
    const users = await get('/api/dashboard/users?search=ACHIENG');
    expect(users.users.map((u: { id: string }) => u.id)).toEqual([nurse.id]);
    expect((await get('/api/dashboard/users?search=example.org')).pageInfo.total).toBe(2);
    expect((await get('/api/dashboard/clinics')).clinics.map((u: { id: string }) => u.id)).toEqual([
      clinic.id,
    ]);
    expect((await get('/api/dashboard/users?limit=1&page=2')).users).toHaveLength(1);
  });

  it("carries the spec's _id and date beside id and createdAt, for users and clinics", async () => {
    const everyone = [
      ...(await get('/api/dashboard/users')).users,
      ...(await get('/api/dashboard/clinics')).clinics,
      ...(await get('/api/dashboard/latest-users')).latestUsers,
    ];
    expect(everyone).toHaveLength(6);
    for (const u of everyone) {
      expect(u._id).toBe(u.id);
      expect(u.date).toBe(u.createdAt);
      expect(u.date).toEqual(expect.any(String));
    }
  });

  it('follows a change and a removal', async () => {
    await ctx.others.publish(
      userEvent(IdentityEvents.userUpdated, clinic.id, {
        name: 'Mombasa Road Hospital',
        email: clinic.email,
        role: 'Clinic',
        version: 2,
      }),
    );
    await eventually(
      async () =>
        (await get('/api/dashboard/clinics')).clinics[0].name === 'Mombasa Road Hospital' || undefined,
    );
    await ctx.others.publish(makeEnvelope(IdentityEvents.userDeleted, { id: nurse.id, version: 3 }));
    await eventually(async () =>
      (await get('/api/dashboard/total-users')).totalUsers === 2 ? true : undefined,
    );
    expect((await get('/api/dashboard/users?search=achieng')).users).toEqual([]);
    // The kept counts moved with the removal only (the rename moved none), and the table's total with them.
    expect(await get('/api/dashboard/total-users')).toMatchObject({ totalRegularUsers: 1, totalClinics: 1 });
    expect((await get('/api/dashboard/users')).pageInfo.total).toBe(1);
  });

  it('exports users_clinics.csv: BOM, a header, every account, formulas neutralised', async () => {
    const res = await ctx.call('GET', '/api/dashboard/export.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users_clinics.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Name","Email","Role","Designation","Phone","Address","Joined"');
    expect(res.body).toContain(`"'=HYPERLINK(""https://evil.example"")","formula@example.org","user"`);
    expect(res.body).toContain(`"'+254 Nairobi"`);
    expect(res.body).toContain('"Mombasa Road Hospital","hr@mombasaroad.example","Clinic"');
    expect(lines.filter(Boolean)).toHaveLength(1 + 2);
  });

  it('records each export of every account’s personal data in the audit log, with who took it', async () => {
    const exports = async () =>
      (
        (await ctx.call('GET', '/api/admin/audit?target=users_clinics.csv&limit=100', admin)).json()
          .data as Array<{ action: string; actor: { id: string } }>
      ).filter((e) => e.action === 'accounts.export');
    const before = (await exports()).length;
    expect((await ctx.call('GET', '/api/dashboard/export.csv', admin)).statusCode).toBe(200);
    const after = await eventually(async () => {
      const e = await exports();
      return e.length > before ? e : undefined;
    });
    expect(after[0]).toMatchObject({ action: 'accounts.export', actor: { id: admin.id } });
  });

  it('moves an account between the counts when its role changes, and never for an older event', async () => {
    const pharmacist = await ctx.member('user', { name: 'Baraka Pharmacy', email: 'baraka@example.org' });
    await eventually(async () =>
      (await get('/api/dashboard/total-users')).totalRegularUsers === 2 ? true : undefined,
    );
    const asClinic = (version: number, role: 'user' | 'Clinic') =>
      userEvent(IdentityEvents.userUpdated, pharmacist.id, {
        name: 'Baraka Pharmacy',
        email: pharmacist.email,
        role,
        version,
      });
    await ctx.others.publish(asClinic(5, 'Clinic'));
    await eventually(async () =>
      (await get('/api/dashboard/total-users')).totalClinics === 2 ? true : undefined,
    );
    // A late, older event (version 4 saying "user") is ignored: the counts stay.
    await ctx.others.publish(asClinic(4, 'user'));
    await ctx.others.publish(asClinic(6, 'Clinic'));
    await eventually(
      async () =>
        (await get('/api/dashboard/clinics')).clinics.some((c: { id: string }) => c.id === pharmacist.id) ||
        undefined,
    );
    expect(await get('/api/dashboard/total-users')).toEqual({
      success: true,
      totalUsers: 3,
      totalRegularUsers: 1,
      totalClinics: 2,
    });
    expect((await get('/api/dashboard/clinics')).pageInfo.total).toBe(2);
  });
});

describe('the export at scale', () => {
  it('streams every account exactly once across its batches, ties and sub-millisecond times included', async () => {
    // 1,234 accounts: 300 joining at the same instant (the keyset must break ties by id) and 300 within one
    // millisecond, microseconds apart (Postgres keeps microseconds; a JavaScript Date keeps milliseconds,
    // so a cursor passed through one skipped them: 8,300 of 1,000,000 accounts were missing from the export).
    await ctx.sql(`insert into content.users (id, name, email, role, search_text, account_created_at, version)
      select gen_random_uuid(), 'Bulk ' || i, 'bulk' || i || '@example.org', case when i % 10 = 0 then 'Clinic' else 'user' end,
        'bulk', case when i <= 300 then timestamptz '2026-01-05 09:00+03'
                     when i <= 600 then timestamptz '2026-01-04 09:00:00.123+03' + i * interval '1 microsecond'
                     else now() - i * interval '1 minute' end, 1
      from generate_series(1, 1234) i`);
    const res = await ctx.call('GET', '/api/dashboard/export.csv', admin);
    const emails = res.body.match(/bulk\d+@example\.org/g) ?? [];
    expect(emails).toHaveLength(1234);
    expect(new Set(emails).size).toBe(1234);
  });

  it('reads each batch as one range of the (joined, id) index, in its order', async () => {
    const client = postgres(ctx.db.url, { max: 1, onnotice: () => {} });
    try {
      await client`analyze content.users`;
      // At a test's size a bitmap and a sort are cheaper; what matters is that the index gives the order.
      await client`set enable_seqscan = off`;
      await client`set enable_bitmapscan = off`;
      const rows = await client.unsafe(`explain
        select * from content.users where not deleted and role <> 'admin'
          and (account_created_at, id) < (now(), '00000000-0000-4000-8000-000000000000'::uuid)
        order by account_created_at desc nulls last, id desc nulls last limit 500`);
      const plan = rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      expect(plan).toContain('users_export_idx');
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await client.end();
    }
  });
});

describe('the weekly series, from the services’ events', () => {
  it('counts sign-ups, jobs, applications and new registrations in their weeks, each event once', async () => {
    const before = (await get('/api/dashboard/series')).series;
    const thisWeek = weekOf(new Date());
    const lastIndex = before.signups.length - 1;
    expect(before.jobs[lastIndex].weekStart).toBe(thisWeek);
    expect(before.jobs).toHaveLength(12);

    const now = new Date().toISOString();
    const job = makeEnvelope(HireEvents.jobPosted, {
      jobId: randomUUID(),
      posterId: randomUUID(),
      postedAt: now,
    });
    await ctx.others.publish(job);
    await ctx.others.publish(job); // the same event again: counted once
    await ctx.others.publish(
      makeEnvelope(HireEvents.applicationSubmitted, {
        applicationId: randomUUID(),
        jobId: randomUUID(),
        jobTitle: 'Nurse',
        applicantId: randomUUID(),
        ownerId: randomUUID(),
        appliedAt: now,
      }),
    );
    const registration = (reason: string) =>
      makeEnvelope(EventsEvents.registrationConfirmed, {
        registrationId: randomUUID(),
        eventId: randomUUID(),
        userId: randomUUID(),
        reason,
        at: now,
      });
    await ctx.others.publish(registration('registered'));
    await ctx.others.publish(registration('promoted')); // a seat from the waiting list is not a new registration
    await ctx.member('user');

    const after = await eventually(async () => {
      const s = (await get('/api/dashboard/series')).series;
      return s.registrations[lastIndex].count > before.registrations[lastIndex].count &&
        s.applications[lastIndex].count > before.applications[lastIndex].count
        ? s
        : undefined;
    });
    await new Promise((r) => setTimeout(r, 300));
    const settled = (await get('/api/dashboard/series')).series;
    expect(settled).toEqual(after);
    for (const [name, added] of [
      ['jobs', 1],
      ['applications', 1],
      ['registrations', 1],
      ['signups', 1],
    ] as const)
      expect(settled[name][lastIndex].count - before[name][lastIndex].count).toBe(added);
  });

  it('answers a bad number of weeks with 400 naming it', async () => {
    const res = await ctx.call('GET', '/api/dashboard/series?weeks=99', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('weeks');
  });
});

describe('weekOf', () => {
  it('is the Monday of the East African week', () => {
    expect(weekOf(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-23'); // a Tuesday
    expect(weekOf(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23'); // Monday 01:00 in Nairobi
    expect(weekOf(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-16'); // Sunday 23:00 in Nairobi
  });
});
