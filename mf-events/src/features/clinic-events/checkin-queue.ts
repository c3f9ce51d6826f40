import { useCallback, useEffect, useRef, useState } from 'react';
import type { CheckinResponse } from '@platform/svc-events/contract';
import { ApiNetworkError, useSession } from '@platform/shell-state';
import { eventsApi } from '../../api';

/** A scan made while the network was down, kept in this browser until it can be sent. */
export interface QueuedScan {
  eventId: string;
  ticket: string;
  /** When it was scanned (ISO): the service records the time it arrives. */
  scannedAt: string;
}

/** The outcome of one scan, sent now or later. */
export type ScanResult =
  | { kind: 'checkedIn'; eventId: string; data: CheckinResponse['data'] }
  | {
      kind: 'refused';
      eventId: string;
      ticket: string;
      failure: { status: number; body: { message?: string; code?: string } };
    }
  | { kind: 'queued'; eventId: string };

/** One queue per account on this browser: another account signing in here never sends these. */
const keyOf = (userId: string) => `afya.events.checkinQueue.${userId}`;

export function readQueue(userId: string): QueuedScan[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (s): s is QueuedScan =>
            typeof s?.eventId === 'string' &&
            typeof s?.ticket === 'string' &&
            typeof s?.scannedAt === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeQueue(userId: string, scans: QueuedScan[]) {
  if (scans.length) localStorage.setItem(keyOf(userId), JSON.stringify(scans));
  else localStorage.removeItem(keyOf(userId));
  // Other components (and tabs, through the storage event) show the new count.
  window.dispatchEvent(new CustomEvent('afya:checkin-queue'));
}

/** Sends one scan: its answer, or null when no answer came (the network is down). */
async function send(scan: { eventId: string; ticket: string }): Promise<ScanResult | null> {
  try {
    const res = await eventsApi.checkIn(scan.eventId, scan.ticket);
    if (res.ok) return { kind: 'checkedIn', eventId: scan.eventId, data: res.body.data };
    return { kind: 'refused', eventId: scan.eventId, ticket: scan.ticket, failure: res };
  } catch (err) {
    if (err instanceof ApiNetworkError) return null;
    throw err;
  }
}

/**
 * Check-in that survives a dropped network: a scan is sent at once when the browser is online, else (or
 * when no answer comes) kept in localStorage; the queue is sent when the `online` event says the network
 * is back (or on Send now), oldest first, and each answer is reported through `onResult` as it comes.
 */
export function useCheckinQueue(onResult: (result: ScanResult) => void) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [queued, setQueued] = useState<QueuedScan[]>(() => (userId ? readQueue(userId) : []));
  const report = useRef(onResult);
  report.current = onResult;
  const flushing = useRef(false);

  useEffect(() => {
    if (!userId) return;
    const sync = () => setQueued(readQueue(userId));
    sync();
    window.addEventListener('afya:checkin-queue', sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener('afya:checkin-queue', sync);
      window.removeEventListener('storage', sync);
    };
  }, [userId]);

  const flush = useCallback(async () => {
    if (!userId || flushing.current) return;
    flushing.current = true;
    try {
      for (;;) {
        const [next] = readQueue(userId);
        if (!next) break;
        const result = await send(next);
        if (!result) break; // still offline: keep it and the rest
        writeQueue(
          userId,
          readQueue(userId).filter((s) => !(s.eventId === next.eventId && s.ticket === next.ticket)),
        );
        report.current(result);
      }
    } finally {
      flushing.current = false;
    }
  }, [userId]);

  useEffect(() => {
    window.addEventListener('online', flush);
    if (navigator.onLine) void flush();
    return () => window.removeEventListener('online', flush);
  }, [flush]);

  /** Sends (or keeps) one scan; its result is reported, and returned (undefined: nothing to send). */
  const scan = useCallback(
    async (eventId: string, ticket: string): Promise<ScanResult | undefined> => {
      const code = ticket.trim();
      if (!userId || !code) return undefined;
      const keep = (): ScanResult => {
        const all = readQueue(userId);
        if (!all.some((s) => s.eventId === eventId && s.ticket === code))
          writeQueue(userId, [...all, { eventId, ticket: code, scannedAt: new Date().toISOString() }]);
        const queued: ScanResult = { kind: 'queued', eventId };
        report.current(queued);
        return queued;
      };
      if (!navigator.onLine) return keep();
      const result = await send({ eventId, ticket: code });
      if (!result) return keep();
      report.current(result);
      return result;
    },
    [userId],
  );

  return { queued, scan, flush };
}
