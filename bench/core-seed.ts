import { createHash } from 'node:crypto';
import type postgres from 'postgres';

/**
 * svc-core's data at size, written with generate_series (as identity's events, imports and saves would have
 * made it), for core-dashboard.ts and core-sweep.ts. svc-core's migrations and councils must be in place.
 *
 * Staff member g (numbered across the platform) of organisation o: staff record md5('staff' || g), account
 * md5('person' || g) except one in 20 imported before they have one (their licence is on the record); one in
 * eight is "Other" (no licence), the rest hold their profession's Kenyan licence, current, plus the one it
 * renewed. Professionals outside any clinic (md5('pro' || p)) hold one current licence each on their own
 * profile. Current licences expire from 60 days ago to about three years ahead, spread evenly
 * (`expiryOf`), so every day about 1/1,095 of them cross each alert window.
 */

/** An organisation's owner account (the Clinic account), its id and its organisation's. */
export const orgId = (o: number) => uuidOf(`org${o}`);
export const ownerId = (o: number) => uuidOf(`owner${o}`);
export const personId = (g: number) => uuidOf(`person${g}`);
/** The same md5-as-uuid the seed writes in SQL, in JavaScript: `md5(text)::uuid`. */
export function uuidOf(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Days from `today` to a current licence's expiry, from its number: -60 to 1,034, evenly. */
const expiryOf = (n: string, today: string) => `date '${today}' + ((${n})::bigint * 7919 % 1095)::int - 60`;

export interface Organisations {
  /** The first organisation's number and how many. */
  firstOrg: number;
  orgs: number;
  /** The first staff member's number; each organisation has `staffEach`. */
  firstStaff: number;
  staffEach: number;
  locations: number;
  departments: number;
}

/**
 * Organisations with their owners, locations, departments, staff records (one HR admin in 500, at least one
 * an organisation), licences (each current one and the one it renewed), the three default trainings and
 * an infection-prevention completion for everyone. `cleared` as svc-core keeps it: a licence holder is
 * cleared while their current licence is in date.
 */
export async function seedOrganisations(sql: postgres.Sql, today: string, o: Organisations): Promise<void> {
  const lastOrg = o.firstOrg + o.orgs - 1;
  const lastStaff = o.firstStaff + o.orgs * o.staffEach - 1;
  const orgOf = (g: string) => `(${o.firstOrg} + ((${g}) - ${o.firstStaff}) / ${o.staffEach})`;
  await sql.unsafe(`
    insert into core.people (id, name, email, role, org_id, country, version)
    select md5('owner' || o)::uuid, 'Clinic ' || o, 'owner' || o || '@bench.example', 'Clinic',
      md5('org' || o)::uuid, 'Kenya', 1
    from generate_series(${o.firstOrg}, ${lastOrg}) o`);
  await sql.unsafe(`
    insert into core.organisations (id, owner_id, name, country, facility_type, trainings_seeded)
    select md5('org' || o)::uuid, md5('owner' || o)::uuid, 'Clinic ' || o, 'KE',
      case when ${o.staffEach} >= 1000 then 'Hospital' else 'Clinic' end, true
    from generate_series(${o.firstOrg}, ${lastOrg}) o`);
  await sql.unsafe(`
    insert into core.locations (id, org_id, name)
    select md5('loc' || o || '-' || k)::uuid, md5('org' || o)::uuid, 'Branch ' || k
    from generate_series(${o.firstOrg}, ${lastOrg}) o, generate_series(0, ${o.locations - 1}) k`);
  await sql.unsafe(`
    insert into core.departments (id, org_id, name)
    select md5('dep' || o || '-' || k)::uuid, md5('org' || o)::uuid, 'Ward ' || k
    from generate_series(${o.firstOrg}, ${lastOrg}) o, generate_series(0, ${o.departments - 1}) k`);
  // Professions and their councils: three nurses in eight, then a doctor, a clinical officer, a pharmacist,
  // a laboratory technologist, and one "Other" (not regulated).
  const profession = `(array['Nurse','Nurse','Nurse','Doctor','Clinical Officer','Pharmacist','Laboratory Technologist','Other'])[1 + g % 8]`;
  const council = `(array['ke-nck','ke-nck','ke-nck','ke-kmpdc','ke-coc','ke-ppb','ke-kmlttb',null])[1 + g % 8]`;
  await sql.unsafe(`
    insert into core.people (id, name, email, role, org_id, country, designation, version)
    select md5('person' || g)::uuid, 'Staff ' || g, 'staff' || g || '@bench.example', 'user',
      md5('org' || ${orgOf('g')})::uuid, 'Kenya', ${profession}, 1
    from generate_series(${o.firstStaff}, ${lastStaff}) g where g % 20 <> 0`);
  await sql.unsafe(`
    insert into core.staff_records (id, org_id, person_id, email, name, profession, department_id,
      location_id, role, managed_department_ids, cleared, clearance)
    select md5('staff' || g)::uuid, md5('org' || org)::uuid,
      case when g % 20 <> 0 then md5('person' || g)::uuid end,
      'staff' || g || '@bench.example', (array['Achieng','Wanjiru','Mwangi','Otieno','Nakato','Mugisha'])[1 + g % 6] || ' ' || g,
      ${profession}, md5('dep' || org || '-' || (g % ${o.departments}))::uuid,
      md5('loc' || org || '-' || (g % ${o.locations}))::uuid,
      case when (g - ${o.firstStaff}) % ${Math.min(500, o.staffEach)} = 1 then 'hr-admin'
           when (g - ${o.firstStaff}) % ${Math.min(500, o.staffEach)} = 2 then 'manager' else 'staff' end,
      case when (g - ${o.firstStaff}) % ${Math.min(500, o.staffEach)} = 2
        then array[md5('dep' || org || '-0')::uuid, md5('dep' || org || '-1')::uuid] else '{}' end,
      g % 8 = 7 or ${expiryOf('g', today)} >= date '${today}',
      case when g % 8 = 7 then 'not-regulated' when ${expiryOf('g', today)} >= date '${today}' then 'unverified'
           else 'expired' end
    from generate_series(${o.firstStaff}, ${lastStaff}) g, lateral (select ${orgOf('g')} as org) x`);
  // The current licence, then the one it renewed (a year earlier): held by the account, or by the record.
  for (const [id, expires, renewedBy] of [
    [`md5('cred' || g)::uuid`, expiryOf('g', today), 'null'],
    [`md5('old' || g)::uuid`, `${expiryOf('g', today)} - 365`, `md5('cred' || g)::uuid`],
  ] as const)
    await sql.unsafe(`
      insert into core.credentials (id, person_id, staff_record_id, council_id, number, issued_on, expires_on,
        renewed_by, created_by)
      select ${id}, case when g % 20 <> 0 then md5('person' || g)::uuid end,
        case when g % 20 = 0 then md5('staff' || g)::uuid end, c.id,
        upper(c.abbreviation) || '-' || g || '-' || (${expires}), (${expires}) - 365, ${expires},
        ${renewedBy}, md5('owner' || ${orgOf('g')})::uuid
      from generate_series(${o.firstStaff}, ${lastStaff}) g
      join core.councils c on c.code = ${council}`);
  await sql.unsafe(`
    insert into core.training_types (org_id, name, validity_months, everyone, professions)
    select md5('org' || o)::uuid, t.name, t.months, t.everyone, t.professions::text[]
    from generate_series(${o.firstOrg}, ${lastOrg}) o,
      (values ('Basic Life Support (BLS)', 24, false, '{Doctor,Nurse,"Clinical Officer"}'),
              ('Infection prevention and control', 12, true, '{}'),
              ('Fire safety', 12, true, '{}')) t(name, months, everyone, professions)`);
  await sql.unsafe(`
    insert into core.training_records (org_id, staff_record_id, type_id, completed_on, expires_on, source,
      verified, created_by)
    select t.org_id, md5('staff' || g)::uuid, t.id, date '${today}' - (g::bigint * 7919 % 400)::int,
      (date '${today}' - (g::bigint * 7919 % 400)::int + interval '12 months')::date, 'manual', true, md5('owner' || org)::uuid
    from generate_series(${o.firstStaff}, ${lastStaff}) g, lateral (select ${orgOf('g')} as org) x
    join core.training_types t on t.org_id = md5('org' || x.org)::uuid and t.name = 'Infection prevention and control'`);
}

/** Professionals outside any clinic on the platform, `from` to `to`, each with one current licence. */
export async function seedProfessionals(sql: postgres.Sql, today: string, from: number, to: number) {
  await sql.unsafe(`
    insert into core.people (id, name, email, role, country, designation, version)
    select md5('pro' || p)::uuid, 'Professional ' || p, 'pro' || p || '@bench.example', 'user', 'Kenya', 'Nurse', 1
    from generate_series(${from}, ${to}) p`);
  await sql.unsafe(`
    insert into core.credentials (id, person_id, council_id, number, issued_on, expires_on, created_by)
    select md5('procred' || p)::uuid, md5('pro' || p)::uuid, c.id, 'P-' || p, (${expiryOf('p', today)}) - 365,
      ${expiryOf('p', today)}, md5('pro' || p)::uuid
    from generate_series(${from}, ${to}) p
    join core.councils c on c.code = (array['ke-nck','ke-kmpdc','ke-coc','ke-ppb'])[1 + p % 4]`);
}

/**
 * The alert rows a sweep on `day` would have left: for every live credential and current training
 * completion inside a window that day, the window's milestone (`windowUnsent`'s boundaries). A sweep the
 * next day then sends only the windows opened overnight, as the deployed sweep does every day.
 */
export async function seedAlertsSentOn(sql: postgres.Sql, day: string): Promise<void> {
  const milestone = (col: string) => `case when ${col} < date '${day}' then 'expired'
    when ${col} = date '${day}' then 'expires-today' when ${col} <= date '${day}' + 30 then 'days-30'
    when ${col} <= date '${day}' + 60 then 'days-60' else 'days-90' end`;
  const inWindow = (col: string) => `${col} between date '${day}' - 7 and date '${day}' + 90`;
  await sql.unsafe(`
    insert into core.expiry_alerts (kind, subject_id, expires_on, milestone, sent_at)
    select 'credential', id, expires_on, ${milestone('expires_on')}, date '${day}' + time '06:00'
    from core.credentials where renewed_by is null and revoked_at is null and ${inWindow('expires_on')}
    union all
    select 'training', id, expires_on, ${milestone('expires_on')}, date '${day}' + time '06:00'
    from core.training_records where renewed_by is null and ${inWindow('expires_on')}
    on conflict do nothing`);
}

/** Vacuums and analyses svc-core's tables after a seed, as autovacuum would in time. */
export async function analyseCore(sql: postgres.Sql): Promise<void> {
  for (const table of [
    'people',
    'organisations',
    'locations',
    'departments',
    'staff_records',
    'credentials',
    'training_types',
    'training_records',
    'expiry_alerts',
  ])
    await sql.unsafe(`vacuum analyze core.${table}`);
}
