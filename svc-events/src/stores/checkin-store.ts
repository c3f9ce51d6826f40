import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { enqueue, makeEnvelope, recordAdminAction } from '@platform/event-bus';
import { type OrganisationVerifiedData } from '@platform/contracts';
import { EventsEvents, type CheckinRecordedData, EventsErrors } from '../../contract';
import { HttpError } from '@platform/service-kit';
import {
  certificates,
  eventsTable,
  outbox,
  registrations,
  verifiedOrganisations,
  type CertificateRow,
} from '../db/schema';
import type { AdminBy, Db } from './db';

import type { Tx } from './seats';

/** Check-in opens this long before the start. */
export const CHECKIN_OPENS_MS = 2 * 3600_000;

const unprocessable = (message: string, code: string) => new HttpError(422, message, code);

export interface CheckinResult {
  registrationId: string;
  name: string;
  checkedInAt: Date;
  /** False when this ticket had been scanned before: the answer then says when. */
  first: boolean;
  certificateId: string | null;
}

/** Check-ins, and the CPD certificates they issue. */
export class CheckinStore {
  constructor(private readonly db: Db) {}

  /**
   * Records a confirmed registration's check-in once; a second scan returns the first one's time. With
   * the first check-in of an event that awards CPD points, its certificate is issued in the same
   * transaction (the ledger entry), so there is never a check-in without its certificate. With `admin`
   * (an admin checking someone in at another organisation's event) the check-in is recorded for the audit log.
   */
  async checkIn(
    eventId: string,
    registrationId: string,
    now = new Date(),
    admin?: AdminBy,
  ): Promise<CheckinResult> {
    return this.db.transaction(async (tx) => {
      // The registration's row lock makes two scans of one ticket take turns: one records, one reads.
      const [r] = await tx
        .select()
        .from(registrations)
        .where(and(eq(registrations.id, registrationId), eq(registrations.eventId, eventId)))
        .for('update');
      if (!r || r.status !== 'confirmed')
        throw unprocessable('This ticket has no confirmed seat.', EventsErrors.ticketNotConfirmed);
      const [e] = await tx.select().from(eventsTable).where(eq(eventsTable.id, eventId));
      if (!e || e.cancelledAt)
        throw unprocessable('This event has been cancelled.', EventsErrors.eventCancelled);
      const [certificate] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.registrationId, r.id));
      if (r.checkedInAt)
        return {
          registrationId: r.id,
          name: r.name,
          checkedInAt: r.checkedInAt,
          first: false,
          certificateId: certificate?.id ?? null,
        };
      const ends = e.startsAt.getTime() + e.durationMinutes * 60_000;
      if (now.getTime() < e.startsAt.getTime() - CHECKIN_OPENS_MS || now.getTime() > ends)
        throw unprocessable(
          'Check-in opens two hours before the start and closes when the event ends.',
          EventsErrors.checkinClosed,
        );
      await tx.update(registrations).set({ checkedInAt: now }).where(eq(registrations.id, r.id));
      const recorded: CheckinRecordedData = {
        registrationId: r.id,
        eventId,
        userId: r.userId,
        checkedInAt: now.toISOString(),
        cpdPoints: e.cpdPoints ?? 0,
        eventTitle: e.title,
        eventDate: e.date,
        tags: e.tags,
      };
      await enqueue(tx, outbox, makeEnvelope(EventsEvents.checkinRecorded, recorded));
      let certificateId: string | null = null;
      if (e.cpdPoints) {
        const [issued] = await tx
          .insert(certificates)
          .values({
            registrationId: r.id,
            userId: r.userId,
            eventId,
            holderName: r.name,
            eventTitle: e.title,
            eventDate: e.date,
            organizerName: e.organizerName,
            points: e.cpdPoints,
            issuedAt: now,
          })
          .returning({ id: certificates.id });
        certificateId = issued!.id;
      }
      if (admin)
        await recordAdminAction(tx, outbox, 'events', {
          ...admin,
          action: 'registration.check-in',
          target: { module: 'events', kind: 'registration', id: r.id, label: `${r.name}, ${e.title}` },
          before: { checkedInAt: null },
          after: { checkedInAt: now.toISOString(), eventId, certificateId },
        });
      return { registrationId: r.id, name: r.name, checkedInAt: now, first: true, certificateId };
    });
  }

  /**
   * The door's count: the event's confirmed seats (kept on its row) and how many of them have checked in
   * (one index range over the event's registrations, `registrations_event_seq_idx`). A checked-in seat
   * cannot be withdrawn, so the second never exceeds the first.
   */
  async counts(eventId: string): Promise<{ registered: number; checkedIn: number }> {
    const [row] = await this.db
      .select({
        registered: eventsTable.confirmedCount,
        checkedIn: sql<number>`(select count(*)::int from ${registrations} where ${and(
          eq(registrations.eventId, eventId),
          isNotNull(registrations.checkedInAt),
        )})`,
      })
      .from(eventsTable)
      .where(eq(eventsTable.id, eventId));
    return { registered: row?.registered ?? 0, checkedIn: row?.checkedIn ?? 0 };
  }

  async certificate(id: string): Promise<CertificateRow | undefined> {
    const [row] = await this.db.select().from(certificates).where(eq(certificates.id, id));
    return row;
  }

  /**
   * A certificate with whether its issuer (the event's organiser: an organisation, or a person without
   * one) is an organisation the platform verified.
   */
  async certificateWithIssuer(
    id: string,
  ): Promise<{ certificate: CertificateRow; issuerVerified: boolean } | undefined> {
    const [row] = await this.db
      .select({ certificate: certificates, verifiedAt: verifiedOrganisations.verifiedAt })
      .from(certificates)
      .innerJoin(eventsTable, eq(eventsTable.id, certificates.eventId))
      .leftJoin(verifiedOrganisations, eq(verifiedOrganisations.orgId, eventsTable.organizerId))
      .where(eq(certificates.id, id));
    return row && { certificate: row.certificate, issuerVerified: row.verifiedAt !== null };
  }

  /** identity.organisation.verified.v1 (already de-duplicated by the caller's transaction). */
  async organisationVerified(tx: Tx, data: OrganisationVerifiedData): Promise<void> {
    const row = { orgId: data.orgId, verifiedAt: new Date(data.verifiedAt) };
    await tx.insert(verifiedOrganisations).values(row).onConflictDoUpdate({
      target: verifiedOrganisations.orgId,
      set: row,
    });
  }

  /** A person's CPD ledger for one year (by the events' dates), oldest first. */
  async ledger(userId: string, year: number): Promise<CertificateRow[]> {
    return this.db
      .select()
      .from(certificates)
      .where(
        and(
          eq(certificates.userId, userId),
          gte(certificates.eventDate, `${year}-01-01`),
          lt(certificates.eventDate, `${year + 1}-01-01`),
        ),
      )
      .orderBy(asc(certificates.eventDate), asc(certificates.issuedAt));
  }
}
