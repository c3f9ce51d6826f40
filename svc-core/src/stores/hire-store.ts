import { and, count, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { professionOf, type Envelope, type Profession } from '@platform/contracts';
import {
  HireEvents,
  type ApplicationStatusChangedData,
  type ApplicationSubmittedData,
} from '@platform/svc-hire/contract';
import { forbidden, notFound, pageOf } from '@platform/service-kit';
import * as schema from '../db/schema';
import { can, type OrgActor } from '../domain/roles';
import { localDateOf } from '../domain/dates';
import { CoreErrors, type HireSuggestion } from '../../contract';
import type { Db, Tx } from './org-store';
import { timeZoneOf } from './org-days';

type HireEvent = Envelope<ApplicationSubmittedData | ApplicationStatusChangedData>;
type Row = typeof schema.hireApplications.$inferSelect;

const pendingWhere = (orgId: string) =>
  and(
    eq(schema.hireApplications.ownerId, orgId),
    isNotNull(schema.hireApplications.acceptedAt),
    isNull(schema.hireApplications.dismissedAt),
    isNull(schema.hireApplications.joinedAt),
  );

const toSuggestion = (r: Row): HireSuggestion => ({
  id: r.id,
  applicantId: r.applicantId,
  name: r.name ?? '',
  email: r.email ?? '',
  phone: r.phone || null,
  jobTitle: r.jobTitle,
  profession: r.profession,
  acceptedAt: r.acceptedAt!.toISOString(),
});

/**
 * Hire to staff: svc-hire's applications to an organisation's jobs (`hire.application.*`); an accepted one
 * is a suggestion for HR to invite the applicant, its record prefilled when they join (`joined`).
 */
export class HireStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One application event, inside the consumer's transaction (run once per event by `handleOnce`). */
  async apply(tx: Tx, event: HireEvent): Promise<void> {
    if (event.type === HireEvents.applicationSubmitted) {
      const d = event.data as ApplicationSubmittedData;
      // The title arrives with the submission only; the acceptance names the application.
      await tx
        .insert(schema.hireApplications)
        .values({
          applicationId: d.applicationId,
          ownerId: d.ownerId,
          applicantId: d.applicantId,
          jobTitle: d.jobTitle,
        })
        .onConflictDoUpdate({ target: schema.hireApplications.applicationId, set: { jobTitle: d.jobTitle } });
      return;
    }
    if (event.type !== HireEvents.applicationStatusChanged) return;
    const d = event.data as ApplicationStatusChangedData;
    const key = { applicationId: d.applicationId, ownerId: d.ownerId, applicantId: d.applicantId };
    if (d.to !== 'accepted') {
      // Withdrawn (or changed) after all: no longer a hire to suggest.
      await tx
        .update(schema.hireApplications)
        .set({ acceptedAt: null })
        .where(eq(schema.hireApplications.applicationId, d.applicationId));
      return;
    }
    const applicant = await this.applicant(tx, d.applicantId, await timeZoneOf(tx, d.ownerId));
    const accepted = { acceptedAt: new Date(d.changedAt), dismissedAt: null, ...applicant };
    await tx
      .insert(schema.hireApplications)
      .values({ ...key, ...accepted })
      .onConflictDoUpdate({ target: schema.hireApplications.applicationId, set: accepted });
  }

  /** Name and contacts as identity last told them; the profession of their current verified licence, else their designation's. */
  private async applicant(tx: Tx, personId: string, timeZone: string) {
    const [person] = await tx.select().from(schema.people).where(eq(schema.people.id, personId));
    const [licensed] = await tx
      .select({ professions: schema.councils.professions })
      .from(schema.credentials)
      .innerJoin(schema.councils, eq(schema.councils.id, schema.credentials.councilId))
      .where(
        and(
          eq(schema.credentials.personId, personId),
          isNotNull(schema.credentials.verifiedAt),
          isNull(schema.credentials.revokedAt),
          isNull(schema.credentials.renewedBy),
          // In date on the hiring organisation's day.
          gte(schema.credentials.expiresOn, localDateOf(this.now(), timeZone)),
        ),
      )
      .orderBy(desc(schema.credentials.verifiedAt))
      .limit(1);
    const designated = person ? professionOf(person.role, person.designation) : 'Other';
    const profession: Profession | null =
      licensed?.professions[0] ?? (designated === 'Other' || designated === 'Clinic' ? null : designated);
    return {
      name: person?.name ?? null,
      email: person?.email ?? null,
      phone: person?.phone || null,
      profession,
    };
  }

  /** HR's pending suggestions, the newest acceptance first. */
  async pending(actor: OrgActor, query: { page?: number; limit?: number }) {
    if (!can(actor, 'staff.invite')) throw forbidden('Only HR sees the hires to invite.');
    const { limit, offset } = pageOf(query);
    const where = pendingWhere(actor.organisationId);
    const rows = await this.db
      .select()
      .from(schema.hireApplications)
      .where(where)
      .orderBy(desc(schema.hireApplications.acceptedAt), desc(schema.hireApplications.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(schema.hireApplications)
      .where(where)) as [{ total: number }];
    return { data: rows.map(toSuggestion), total };
  }

  async dismiss(actor: OrgActor, id: string): Promise<void> {
    if (!can(actor, 'staff.invite')) throw forbidden('Only HR dismisses hires to invite.');
    const [row] = await this.db
      .update(schema.hireApplications)
      .set({ dismissedAt: this.now() })
      .where(and(eq(schema.hireApplications.id, id), pendingWhere(actor.organisationId)))
      .returning({ id: schema.hireApplications.id });
    if (!row) throw notFound('No such hire to invite.', CoreErrors.hireNotFound);
  }
}

/**
 * When an accepted applicant joins the organisation: their latest suggestion is done, and what it knew
 * (the job's title, their profession) is for their new record.
 */
export async function takeHireSuggestion(tx: Tx, orgId: string, personId: string) {
  // Several accepted applications to one clinic: all done; the first one's details serve.
  const [row] = await tx
    .update(schema.hireApplications)
    .set({ joinedAt: new Date() })
    .where(
      and(
        eq(schema.hireApplications.ownerId, orgId),
        eq(schema.hireApplications.applicantId, personId),
        isNotNull(schema.hireApplications.acceptedAt),
        isNull(schema.hireApplications.joinedAt),
      ),
    )
    .returning({
      jobTitle: schema.hireApplications.jobTitle,
      profession: schema.hireApplications.profession,
    });
  return row ?? null;
}
