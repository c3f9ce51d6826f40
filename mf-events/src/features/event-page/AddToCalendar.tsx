import { useId, useState } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { useApiQuery } from '@platform/data';
import { useSession } from '@platform/shell-state';
import { Alert, Button, ConfirmDialog, failureText, TextField, useToast, useTranslation } from '@platform/ui';
import { eventsApi } from '../../api';

/** Copies text with the Clipboard API, else the copy command on a selected field. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/**
 * Add to calendar: this event's .ics file (public, with a reminder an hour before), and for a signed-in
 * person the private calendar feed of every event they are confirmed for, which phone calendars subscribe
 * to. The feed's address is shown once when made; making a new one, or stopping it, ends the old one.
 */
export function AddToCalendar({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const signedIn = useSession((s) => s.user !== null);
  const [address, setAddress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const fieldId = useId();
  // Whether the person already has an address (shown only when made): "Stop" only then.
  const feed = useApiQuery(signedIn ? eventsApi.calendarFeed() : null);
  const hasFeed = address !== null || feed.data?.data.exists === true;

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const res = await eventsApi.newCalendarFeed();
      if (res.ok) {
        setAddress(`${window.location.origin}${res.body.data.path}`);
        feed.reload();
        toast.show({ kind: 'success', message: t('calendar.feedMade') });
      } else setError(failureText(t, res, 'calendar.feedFailed'));
    } catch (err) {
      setError(failureText(t, err, 'calendar.feedFailed'));
    }
    setBusy(false);
  }

  async function revoke() {
    setBusy(true);
    setRevokeError(null);
    try {
      const res = await eventsApi.revokeCalendarFeed();
      if (res.ok) {
        setAddress(null);
        setRevoking(false);
        feed.reload();
        toast.show({ kind: 'success', message: t('calendar.feedStopped') });
      } else setRevokeError(failureText(t, res, 'calendar.feedFailed'));
    } catch (err) {
      setRevokeError(failureText(t, err, 'calendar.feedFailed'));
    }
    setBusy(false);
  }

  return (
    <section className="card event-section" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{t('calendar.title')}</h2>
      {!event.cancelled && (
        <p>
          <a
            className="btn btn-secondary"
            href={eventsApi.icsPath(event.id)}
            download={`event-${event.date}.ics`}
          >
            {t('calendar.download')}
          </a>
        </p>
      )}
      {signedIn && (
        <>
          <h3>{t('calendar.feedTitle')}</h3>
          <p className="muted">{t('calendar.feedText')}</p>
          {error && <Alert kind="error">{error}</Alert>}
          {address && (
            <div className="feed-address">
              <TextField
                label={t('calendar.feedAddress')}
                hint={t('calendar.feedOnce')}
                readOnly
                value={address}
                id={fieldId}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="secondary"
                onClick={() =>
                  void copy(address, document.getElementById(fieldId) as HTMLInputElement | null).then((ok) =>
                    toast.show(
                      ok
                        ? { kind: 'success', message: t('calendar.copied') }
                        : { kind: 'error', message: t('calendar.copyFailed') },
                    ),
                  )
                }
              >
                {t('calendar.copy')}
              </Button>
              <a className="btn btn-ghost" href={address.replace(/^https?:/, 'webcal:')}>
                {t('calendar.subscribe')}
              </a>
            </div>
          )}
          <div className="event-actions">
            <Button variant="secondary" loading={busy && !revoking} onClick={() => void create()}>
              {hasFeed ? t('calendar.feedRenew') : t('calendar.feedCreate')}
            </Button>
            {hasFeed && (
              <Button variant="ghost" onClick={() => setRevoking(true)}>
                {t('calendar.feedRevoke')}
              </Button>
            )}
          </div>
          <ConfirmDialog
            open={revoking}
            title={t('calendar.revokeTitle')}
            message={t('calendar.revokeText')}
            confirmLabel={t('calendar.revokeConfirm')}
            cancelLabel={t('calendar.keep')}
            busy={busy}
            error={revokeError}
            onConfirm={() => void revoke()}
            onCancel={() => {
              setRevoking(false);
              setRevokeError(null);
            }}
          />
        </>
      )}
    </section>
  );
}
