import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { serviceTestEnv, signToken } from '@platform/testing';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/** The stored-CV migration on a database that already holds jobs, applications and users. */
it('adds stored CVs and skills to a database with existing rows, which keep working', async () => {
  const run = await serviceTestEnv('hire_mig');
  const before = mkdtempSync(path.join(tmpdir(), 'hire-migrations-'));
  const sql = postgres(run.db.url, { max: 1, onnotice: () => {} });
  try {
    // The schema as it was before this migration: the first migration alone.
    const folder = path.join(__dirname, '..', 'drizzle');
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag === '0000_init');
    writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));
    await migrate(drizzle(sql), { migrationsFolder: before, migrationsSchema: 'hire' });

    const owner = '11111111-1111-4111-8111-111111111111';
    const applicant = '22222222-2222-4222-8222-222222222222';
    const [job] =
      await sql`insert into hire.jobs (title, organization, location, description, poster_id, owner_id, poster_email, applicant_count)
      values ('Midwife', 'Nakuru Family Clinic', 'Nakuru', 'Days', ${owner}, ${owner}, 'hr@nakuru.example', 1) returning id`;
    const [application] =
      await sql`insert into hire.applications (job_id, job_owner_id, user_id, full_name, email, phone_number, resume_url)
      values (${job!.id}, ${owner}, ${applicant}, 'Amina', 'amina@example.org', '+254 700 111 222', 'https://cv.example.org/a') returning id`;
    await sql`insert into hire.users (id, name, email, role, designation, version)
      values (${applicant}, 'Amina Wanjiru', 'amina@example.org', 'user', 'Nurse', 1)`;

    // Starting the service applies the rest.
    const config = readConfig(run.env);
    const app = await buildApp(config);
    try {
      const token = signToken(
        run.keys.privateKey,
        { sub: owner, email: 'hr@nakuru.example', name: 'Clinic', role: 'Clinic', orgId: owner },
        { audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER },
      );
      const res = await app.inject({
        url: `/api/application/${application!.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        resumeUrl: 'https://cv.example.org/a',
        cv: null,
        applicantDesignation: 'Nurse',
        applicantSkills: [],
      });
    } finally {
      await app.close();
    }
  } finally {
    await sql.end();
    rmSync(before, { recursive: true, force: true });
    await run.cleanup();
  }
});
