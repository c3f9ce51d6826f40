import type { Sql } from 'postgres';

const OWNERS = 100;
/** The clinic whose application list is measured: owner 0 has 1 % of all jobs. */
const owner = (k: number | string) => `md5('owner' || (${k}))::uuid`;

/** Jobs 1..n and applications 0..m-1 spread over them, as generate_series can write them quickly. */
export async function seed(sql: Sql, jobs: number, applications: number) {
  // Cascade: saved jobs refer to jobs too.
  await sql`truncate hire.applications, hire.jobs, hire.owner_counts cascade`;
  await sql.unsafe(`
    insert into hire.jobs (id, title, organization, department, location, type, description, salary_range,
                           poster_id, owner_id, poster_email, posted_at)
    select md5('job' || g)::uuid,
           (array['Registered Nurse','Clinical Officer','Midwife','Lab Technician','Pharmacist',
                  'Physiotherapist','Radiographer','Ward Clerk'])[1 + g % 8] || ' ' || g,
           'Clinic ' || (g % ${OWNERS}),
           (array['Maternity','Outpatient','Surgery','Paediatrics','Pharmacy','Laboratory'])[1 + g % 6],
           'Nairobi, Kenya',
           (array['Full-time','Part-time','Contract','Temporary'])[1 + g % 4],
           repeat('Day and night shifts on a busy ward; licence required. ', 8),
           case when g % 3 = 0 then '' else 'Ksh 80,000 - 120,000' end,
           ${owner(`g % ${OWNERS}`)}, ${owner(`g % ${OWNERS}`)}, 'hr' || (g % ${OWNERS}) || '@bench.example',
           now() - (g || ' minutes')::interval
    from generate_series(1, ${jobs}) g`);
  // Application i goes to job 1 + i % jobs from applicant i / jobs: (job, applicant) stays unique.
  await sql.unsafe(`
    insert into hire.applications (job_id, job_owner_id, user_id, full_name, email, phone_number,
                                   resume_url, status, applied_at)
    select md5('job' || (1 + i % ${jobs}))::uuid, ${owner(`(1 + i % ${jobs}) % ${OWNERS}`)},
           md5('user' || (i / ${jobs}))::uuid, 'Applicant ' || i, 'a' || i || '@bench.example',
           '+254 700 000 000', 'https://cv.example.org/' || i,
           (array['pending','accepted','rejected','withdrawn'])[1 + i % 4],
           now() - (i || ' seconds')::interval
    from generate_series(0, ${applications - 1}) i`);
  await sql.unsafe(`
    update hire.jobs j set applicant_count = c.n
    from (select job_id, count(*)::int n from hire.applications group by job_id) c where c.job_id = j.id`);
  await sql.unsafe(`
    insert into hire.owner_counts (owner_id, pending, accepted, rejected, withdrawn)
    select job_owner_id, count(*) filter (where status = 'pending'), count(*) filter (where status = 'accepted'),
           count(*) filter (where status = 'rejected'), count(*) filter (where status = 'withdrawn')
    from hire.applications group by job_owner_id`);
  await sql`vacuum analyze hire.jobs`;
  await sql`vacuum analyze hire.applications`;
}
