import { sql, type SQL } from 'drizzle-orm';
import { date, index, text, uuid, type PgColumn, type PgSchema } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * A person's verified professions, as a service keeps them: one row per licence svc-core's HR verified
 * against its council's register (`core.credential.verified.v1`), gone on its expiry day
 * (`core.credential.expired.v1`). Connect's Role-Based reading and Hire's applicants use the same table in
 * their own schema, and the same writes.
 */
export function verifiedProfessionsTable(schema: PgSchema) {
  return schema.table(
    'verified_professions',
    {
      credentialId: uuid('credential_id').primaryKey(),
      personId: uuid('person_id').notNull(),
      professions: text('professions').array().notNull(),
      expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    },
    (t) => [index('verified_professions_person_idx').on(t.personId, t.expiresOn)],
  );
}
export type VerifiedProfessionsTable = ReturnType<typeof verifiedProfessionsTable>;

/** What a credential event says (svc-core's CredentialEventData, the fields used here). */
export interface CredentialFacts {
  credentialId: string;
  personId: string | null;
  professions: string[];
  expiresOn: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;

/**
 * Applies one credential event: a verified licence's professions are the holder's (a `Clinic` or `Other`
 * never is a profession); an expired one's are not any more. A licence of nobody on the platform is skipped.
 */
export async function applyCredential(
  tx: AnyDb,
  table: VerifiedProfessionsTable,
  kind: 'verified' | 'expired',
  data: CredentialFacts,
): Promise<void> {
  if (!data.personId) return;
  if (kind === 'expired') {
    await tx.delete(table).where(sql`${table.credentialId} = ${data.credentialId}`);
    return;
  }
  const row = {
    credentialId: data.credentialId,
    personId: data.personId,
    professions: data.professions.filter((p) => p !== 'Clinic' && p !== 'Other'),
    expiresOn: data.expiresOn,
  };
  await tx.insert(table).values(row).onConflictDoUpdate({ target: table.credentialId, set: row });
}

/**
 * The professions `person` holds a licence for today (Nairobi's date: an expiry day's licence still counts
 * until svc-core's expired event), sorted, for a select list: `{ verified: currentProfessions(t, users.id) }`.
 */
export function currentProfessions(table: VerifiedProfessionsTable, person: PgColumn | SQL): SQL<string[]> {
  return sql<string[]>`coalesce((
    select array_agg(distinct p order by p)
    from ${table} vp, unnest(vp.professions) p
    where vp.person_id = ${person} and vp.expires_on >= (now() at time zone 'Africa/Nairobi')::date
  ), '{}'::text[])`;
}
