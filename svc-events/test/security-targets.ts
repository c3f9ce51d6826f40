import type { LightMyRequestResponse } from 'fastify';
import type { App } from '@platform/service-kit';
import type { FuzzTarget, TrustTarget } from '@platform/testing';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { anEvent, startEvents } from './helpers';

/** `date` and `time` on Nairobi's clock (UTC+3, no daylight saving) `minutes` from now. */
function nairobiClockIn(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3_600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16) };
}

/** The API fuzz test's svc-events (security/api-fuzz.int.test.ts): its tokens and real ids. */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-events',
  async start() {
    const ctx = await startEvents();
    const user = ctx.persona('user');
    const clinic = ctx.persona('Clinic');
    const admin = ctx.persona('admin');
    const ok = async <T>(res: Promise<LightMyRequestResponse>, what: string): Promise<T> => {
      const r = await res;
      if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
      return (r.json() as { data: T }).data;
    };
    return {
      app: ctx.app,
      async fixtures() {
        // An event starting within the hour (check-in is open) with CPD points, a confirmed registration
        // of this user checked in (so a certificate exists), and the user's calendar feed.
        const event = await ok<{ id: string }>(
          ctx.call('POST', '/api/event/add', clinic, anEvent({ ...nairobiClockIn(60), cpdPoints: 3 })),
          'post event',
        );
        const seat = await ok<{ ticket: string }>(
          ctx.call('POST', `/api/event/${event.id}/registrations`, user),
          'register',
        );
        const checkin = await ok<{ certificateId: string }>(
          ctx.call('POST', `/api/event/${event.id}/checkins`, clinic, { ticket: seat.ticket }),
          'check in',
        );
        const feed = await ok<{ token: string }>(
          ctx.call('POST', '/api/event/calendar/token', user),
          'calendar feed',
        );
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: (path) => ({
            id: path.startsWith('/api/event/certificates')
              ? [checkin.certificateId, event.id]
              : [event.id, checkin.certificateId],
            token: [feed.token],
            ticket: [seat.ticket],
          }),
        };
      },
      close: () => ctx.close(),
    };
  },
};

/** The trust suite's svc-events: a Clinic posts an event; CPD points need a token. */
export const trustTarget: TrustTarget<App> = {
  build: (env) => buildApp(readConfig(env)),
  write: { url: '/api/event/add', payload: () => anEvent() },
  read: '/api/event/cpd/me',
  count: { url: '/api/event/get?limit=100' },
};
