import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { refreshApi } from '@platform/data';
import { Button, failureText, Spinner, TextField, useTranslation } from '@platform/ui';
import { useWhen } from '../shared/when';
import { hasCamera } from './barcode';
import { useCheckinQueue, type ScanResult } from './checkin-queue';

// The camera, its loop and (where the browser has no QR reader) ZXing load only when the organiser taps Scan.
const CameraScanner = lazy(() => import(/* webpackChunkName: "camera-scanner" */ './CameraScanner'));

/** The door's count: confirmed seats, and how many of them have checked in. */
export interface DoorCount {
  registered: number;
  checkedIn: number;
}

/** One result as the door shows it: what happened in a few large words, then the detail. */
interface Shown {
  id: number;
  tone: 'ok' | 'already' | 'error' | 'queued';
  title: string;
  detail: string;
}

/** How many earlier results stay listed under the last one. */
const EARLIER = 5;

/**
 * The door: type a ticket's short code (the field keeps what was typed until it checks someone in, and
 * takes focus back after each answer) or scan its QR code with the camera. The last result stands large in
 * place, in a live region that reads it out: checked in, already checked in, ticket not found, wrong event
 * ... with the attendee's name; the earlier few are listed under it. Scans made offline wait in this browser
 * (their count shown) and go when the network is back.
 */
export function CheckinPanel({ event, onCount }: { event: EventView; onCount?(count: DoorCount): void }) {
  const { t } = useTranslation('events');
  const when = useWhen();
  const fieldId = useId();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [camera, setCamera] = useState<'unknown' | 'no' | 'yes'>('unknown');
  const [scanning, setScanning] = useState(false);
  const [shown, setShown] = useState<Shown[]>([]);

  useEffect(() => setCamera(hasCamera() ? 'yes' : 'no'), []);

  const describe = (r: ScanResult, typed?: string): Omit<Shown, 'id'> => {
    if (r.kind === 'queued')
      return { tone: 'queued', title: t('door.queued'), detail: t('scanner.queuedToast') };
    if (r.kind === 'refused') {
      const text = failureText(t, r.failure, 'scanner.failed');
      const titleKey =
        {
          'events.ticket_invalid': 'door.notFound',
          'events.ticket_other_event': 'door.otherEvent',
          'events.ticket_not_confirmed': 'door.notConfirmed',
          'events.checkin_closed': 'door.closed',
        }[r.failure.body.code ?? ''] ?? 'door.failed';
      const detail =
        r.failure.body.code === 'events.ticket_invalid'
          ? t('door.notFoundText', { code: typed ?? r.ticket })
          : text;
      return { tone: 'error', title: t(titleKey), detail };
    }
    const time = when.time(r.data.checkedInAt, event.timeZone);
    return r.data.alreadyCheckedIn
      ? {
          tone: 'already',
          title: t('door.already', { name: r.data.name }),
          detail: t('door.since', { time }),
        }
      : { tone: 'ok', title: t('door.checkedIn', { name: r.data.name }), detail: t('door.at', { time }) };
  };

  const onResult = (r: ScanResult) => {
    if (r.eventId !== event.id) return;
    setShown((all) => [{ id: (all[0]?.id ?? 0) + 1, ...describe(r) }, ...all].slice(0, EARLIER + 1));
    if (r.kind === 'checkedIn') {
      onCount?.({ registered: r.data.registered, checkedIn: r.data.checkedIn });
      void refreshApi(`/api/event/${r.eventId}/registrations`);
    }
  };
  const queue = useCheckinQueue(onResult);
  const waiting = queue.queued.filter((s) => s.eventId === event.id).length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const field = document.getElementById(fieldId);
    if (!code.trim()) {
      field?.focus();
      return;
    }
    setSending(true);
    const result = await queue.scan(event.id, code);
    // A mistyped code stays to be corrected; only a code that checked someone in (or was kept) is cleared.
    if (result && result.kind !== 'refused') setCode('');
    setSending(false);
    field?.focus();
  }

  const [last, ...earlier] = shown;
  return (
    <div className="door">
      <div
        className={`door-result${last ? ` door-result-${last.tone}` : ''}`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {last ? (
          <>
            <p className="door-result-title">{last.title}</p>
            <p className="door-result-detail">{last.detail}</p>
          </>
        ) : (
          <p className="door-result-detail">{t('door.ready')}</p>
        )}
      </div>

      <form onSubmit={submit} noValidate className="door-form">
        <TextField
          id={fieldId}
          label={t('scanner.code')}
          hint={t('scanner.codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={200}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" loading={sending}>
          {t('scanner.checkIn')}
        </Button>
      </form>

      {waiting > 0 && (
        <p className="queue-note">
          {t('scanner.queued', { count: waiting })}{' '}
          <Button variant="secondary" onClick={() => void queue.flush()}>
            {t('scanner.sendNow')}
          </Button>
        </p>
      )}

      {camera === 'yes' &&
        (scanning ? (
          <Suspense fallback={<Spinner label={t('scanner.cameraLoading')} />}>
            <CameraScanner onCode={(c) => void queue.scan(event.id, c)} onClose={() => setScanning(false)} />
          </Suspense>
        ) : (
          <Button variant="secondary" onClick={() => setScanning(true)}>
            {t('scanner.useCamera')}
          </Button>
        ))}
      {camera === 'no' && <p className="muted">{t('scanner.noCamera')}</p>}

      {earlier.length > 0 && (
        <section className="door-earlier" aria-labelledby={`${fieldId}-earlier`}>
          <h2 id={`${fieldId}-earlier`}>{t('door.earlier')}</h2>
          <ul>
            {earlier.map((s) => (
              <li key={s.id} className={`door-earlier-${s.tone}`}>
                <strong>{s.title}</strong> {s.detail}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
