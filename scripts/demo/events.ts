import { CLINICS, EVENTS, PROFESSIONALS, type DemoEvent } from './data';
import type { DemoAccounts } from './accounts';
import type { DemoClient, Log } from './client';

/** The day and clock time (HH:MM) of an instant in a time zone. */
export function localDayAndTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** When a demo event starts: `inDays` from today at its time, or `startsInMinutes` from now (5-minute steps). */
export function startOf(e: DemoEvent, timeZone: string, now = new Date()): { date: string; time: string } {
  if (e.startsInMinutes !== undefined) {
    const step = 5 * 60_000;
    return localDayAndTime(
      new Date(Math.ceil((now.getTime() + e.startsInMinutes * 60_000) / step) * step),
      timeZone,
    );
  }
  const day = localDayAndTime(new Date(now.getTime() + e.inDays * 86_400_000), timeZone).date;
  return { date: day, time: e.time };
}

interface ListedEvent {
  id: string;
  title: string;
}

/**
 * CPD events through svc-events' API: registrations (a full one puts the last on the waiting list) and, for
 * the one starting later today, check-ins at the door, which issue its CPD certificates. The API takes no
 * event that has already started, so the demo has no past events: "past" CPD is the check-ins of today's.
 * An event already listed (same title, from a year back on) is skipped with its registrations.
 */
export async function loadEvents(client: DemoClient, accounts: DemoAccounts, log: Log): Promise<number> {
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const listed = await client.all<ListedEvent>(`/api/event/get?after=${yearAgo}`);
  let created = 0;
  for (const e of EVENTS) {
    if (listed.some((l) => l.title === e.title)) continue;
    const clinic = CLINICS.find((c) => c.key === e.clinic)!;
    const clinicToken = await accounts.token(clinic.key);
    const online = e.location === 'Online';
    const { body } = await client.call<{ data: { id: string } }>('POST', '/api/event/add', {
      token: clinicToken,
      body: {
        title: e.title,
        description: e.description,
        category: e.category,
        topic: e.topic,
        ...startOf(e, clinic.timeZone),
        timeZone: clinic.timeZone,
        durationMinutes: e.durationMinutes,
        location: e.location,
        region: online ? 'Online' : clinic.region,
        country: online ? '' : clinic.country,
        speaker: e.speaker,
        tags: e.tags,
        capacity: e.capacity,
        cpdPoints: e.cpdPoints,
        ...(online ? { zoomLink: `https://meet.${clinic.email.split('@')[1]}/${clinic.key}-webinar` } : {}),
      },
    });
    created++;
    for (const who of e.registrants) {
      const person = PROFESSIONALS.find((p) => p.key === who)!;
      const { body: reg } = await client.call<{ data: { ticket?: string } }>(
        'POST',
        `/api/event/${body.data.id}/registrations`,
        { token: await accounts.token(person.key) },
      );
      if (e.checkedIn.includes(who) && reg.data.ticket) {
        await client.call('POST', `/api/event/${body.data.id}/checkins`, {
          token: clinicToken,
          body: { ticket: reg.data.ticket },
        });
      }
    }
  }
  log(`demo: ${created} events created with their registrations, ${EVENTS.length - created} already listed`);
  return created;
}
