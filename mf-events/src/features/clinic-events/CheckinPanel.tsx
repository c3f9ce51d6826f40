import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import type { EventView } from '@platform/contracts';
import { refreshApi } from '@platform/data';
import { Button, failureText, Spinner, TextField, useToast, useTranslation } from '@platform/ui';
import { useWhen } from '../shared/when';
import { canScanQr } from './barcode';
import { useCheckinQueue, type ScanResult } from './checkin-queue';

// The camera and its loop load only when the organiser opens them.
const CameraScanner = lazy(() => import('./CameraScanner'));

/**
 * The door: scan a ticket's QR code with the camera where the browser can read QR codes, or type the
 * ticket's short code (always offered). "Checked in at 09:42." or "Already checked in at 09:42." comes
 * as a toast; scans made offline wait in this browser (their count shown) and go when the network is back.
 */
export function CheckinPanel({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const when = useWhen();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [camera, setCamera] = useState<'unknown' | 'no' | 'yes'>('unknown');
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    let live = true;
    void canScanQr().then((ok) => live && setCamera(ok ? 'yes' : 'no'));
    return () => {
      live = false;
    };
  }, []);

  const onResult = (r: ScanResult) => {
    if (r.kind === 'queued') {
      toast.show({ kind: 'info', message: t('scanner.queuedToast') });
      return;
    }
    if (r.kind === 'refused') {
      toast.show({ kind: 'error', message: failureText(t, r.failure, 'scanner.failed') });
      return;
    }
    const time = when.time(r.data.checkedInAt, event.timeZone);
    toast.show({
      kind: r.data.alreadyCheckedIn ? 'info' : 'success',
      message: r.data.alreadyCheckedIn
        ? t('scanner.already', { time, name: r.data.name })
        : t('scanner.checkedIn', { time, name: r.data.name }),
    });
    void refreshApi(`/api/event/${r.eventId}/registrations`);
  };
  const queue = useCheckinQueue(onResult);
  const waiting = queue.queued.length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return;
    setSending(true);
    await queue.scan(event.id, code);
    setCode('');
    setSending(false);
  }

  return (
    <section className="panel" aria-label={t('scanner.title', { title: event.title })}>
      <h4>{t('scanner.heading')}</h4>
      <p className="muted">{t('scanner.intro')}</p>
      {waiting > 0 && (
        <p className="queue-note" role="status">
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
      <form onSubmit={submit} noValidate className="tag-input">
        <TextField
          label={t('scanner.code')}
          hint={t('scanner.codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" loading={sending}>
          {t('scanner.checkIn')}
        </Button>
      </form>
    </section>
  );
}
