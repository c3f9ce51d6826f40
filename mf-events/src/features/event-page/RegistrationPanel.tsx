import { lazy, Suspense, useState } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import { Link, useNavigate } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import {
  Button,
  ConfirmDialog,
  failureText,
  Spinner,
  useFileDownload,
  useToast,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import { isRegistered, opennessOf } from '../shared/event-state';
import { useWhen } from '../shared/when';

// The QR encoder comes with the ticket, for those who hold one.
const Ticket = lazy(() => import('./Ticket'));

/** The refreshes after a registration change: this event, the list's seat counts, the dashboards. */
const refreshEvents = () => refreshApi('/api/event');

/**
 * Register / Cancel registration on an event's page, the caller's place (seat, waiting list), the ticket
 * and, for a confirmed registrant, the online link. A visitor who presses Register logs in first and comes
 * back to this page, which then asks once more before registering (`askToRegister`).
 */
export function RegistrationPanel({
  event,
  askToRegister,
  onAsked,
}: {
  event: EventView;
  /** Back from logging in to register: confirm it. */
  askToRegister: boolean;
  onAsked(): void;
}) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const navigate = useNavigate();
  const when = useWhen();
  const user = useSession((s) => s.user);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const mine = event.myRegistration;
  const registered = isRegistered(event);
  const openness = opennessOf(event);
  const full = event.seatsLeft !== null && event.seatsLeft <= 0;
  const canRegister = openness === 'open' && !registered && !event.organizing;

  async function register(): Promise<boolean> {
    if (!user) {
      navigate(loginPath(`/event/${event.id}?register=1`));
      return false;
    }
    setBusy(true);
    setDialogError(null);
    let done = false;
    try {
      const res = await eventsApi.register(event.id);
      if (res.ok) {
        const r = res.body.data;
        toast.show({
          kind: 'success',
          message:
            r.status === 'confirmed'
              ? t('registration.confirmedToast', { title: event.title })
              : t('registration.waitlistedToast', { position: r.position ?? 0 }),
        });
        await refreshEvents();
        done = true;
      } else {
        const text = failureText(t, res, 'registration.failed');
        if (askToRegister) setDialogError(text);
        else toast.show({ kind: 'error', message: text });
      }
    } catch (err) {
      const text = failureText(t, err, 'registration.failed');
      if (askToRegister) setDialogError(text);
      else toast.show({ kind: 'error', message: text });
    }
    setBusy(false);
    return done;
  }

  async function cancel() {
    setBusy(true);
    setDialogError(null);
    try {
      const res = await eventsApi.unregister(event.id);
      if (res.ok) {
        setCancelling(false);
        toast.show({ kind: 'success', message: t('registration.cancelledToast') });
        await refreshEvents();
      } else setDialogError(failureText(t, res, 'registration.cancelFailed'));
    } catch (err) {
      setDialogError(failureText(t, err, 'registration.cancelFailed'));
    }
    setBusy(false);
  }

  const closedText = {
    open: null,
    cancelled: t('registration.eventCancelled'),
    ended: t('registration.ended'),
    started: t('registration.started'),
    closed: t('registration.closed'),
  }[openness];

  return (
    <section className="card event-section" aria-labelledby="registration-title">
      <h2 id="registration-title">{t('registration.title')}</h2>
      {event.organizing && (
        <p>
          {t('registration.organizing')} <Link to="/clinicdashboard">{t('registration.manage')}</Link>
        </p>
      )}
      {event.organizing && (openness === 'open' || openness === 'closed' || openness === 'started') && (
        <p>
          <Link className="btn btn-primary" to={`/event/${event.id}/checkin`}>
            {t('registration.openCheckin')}
          </Link>
        </p>
      )}
      {mine?.status === 'confirmed' && (
        <p>
          <span className="badge badge-confirmed">{t('status.confirmed')}</span>{' '}
          {mine.checkedInAt
            ? t('registration.checkedIn', { time: when.time(mine.checkedInAt, event.timeZone) })
            : t('registration.showTicket')}
        </p>
      )}
      {mine?.status === 'waitlisted' && (
        <p>
          <span className="badge badge-waitlisted">{t('status.waitlisted')}</span>{' '}
          {t('registration.position', { position: mine.position ?? 0 })}
        </p>
      )}
      {mine?.status === 'cancelled' && <p className="muted">{t('registration.youCancelled')}</p>}
      {closedText && !event.organizing && <p role="status">{closedText}</p>}

      {canRegister && (
        <>
          {full && <p>{t('registration.fullNote')}</p>}
          <Button loading={busy && !askToRegister} onClick={() => void register()}>
            {full ? t('registration.joinWaitlist') : t('registration.register')}
          </Button>
          {!user && <p className="muted">{t('registration.loginFirst')}</p>}
        </>
      )}

      {mine?.status === 'confirmed' && !event.cancelled && (
        <>
          {event.zoomLink && (
            <p>
              <a href={event.zoomLink} target="_blank" rel="noopener noreferrer">
                {t('registration.joinOnline')}
              </a>
              <span className="muted"> {t('registration.onlineNote')}</span>
            </p>
          )}
          {mine.ticket && (
            <>
              <h3>{t('ticket.title')}</h3>
              <Suspense fallback={<Spinner label={t('ticket.loading')} />}>
                <Ticket ticket={mine.ticket} code={mine.ticketCode} title={event.title} />
              </Suspense>
            </>
          )}
          {mine.checkedInAt && event.cpdPoints ? <MyCertificate event={event} /> : null}
        </>
      )}
      {event.organizing && event.zoomLink && (
        <p>
          <a href={event.zoomLink} target="_blank" rel="noopener noreferrer">
            {t('registration.joinOnline')}
          </a>
        </p>
      )}

      {/* Once checked in, the seat was used: nothing to cancel. */}
      {registered && !mine?.checkedInAt && (openness === 'open' || openness === 'closed') && (
        <div className="event-actions">
          <Button variant="secondary" onClick={() => setCancelling(true)}>
            {mine?.status === 'waitlisted' ? t('registration.leaveWaitlist') : t('registration.cancel')}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={cancelling}
        title={t('registration.cancelTitle')}
        message={
          mine?.status === 'waitlisted'
            ? t('registration.cancelWaitlistText', { title: event.title })
            : t('registration.cancelText', { title: event.title })
        }
        confirmLabel={t('registration.cancelConfirm')}
        cancelLabel={t('registration.keep')}
        busy={busy}
        error={dialogError}
        onConfirm={() => void cancel()}
        onCancel={() => {
          setCancelling(false);
          setDialogError(null);
        }}
      />
      <ConfirmDialog
        open={askToRegister && canRegister && user !== null}
        title={t('registration.askTitle', { title: event.title })}
        message={full ? t('registration.askWaitlist') : t('registration.askText')}
        confirmLabel={full ? t('registration.joinWaitlist') : t('registration.register')}
        cancelLabel={t('registration.notNow')}
        busy={busy}
        error={dialogError}
        onConfirm={() => void register().then((done) => done && onAsked())}
        onCancel={() => {
          setDialogError(null);
          onAsked();
        }}
      />
    </section>
  );
}

/** A checked-in attendee's CPD certificate for this event, from their ledger of the event's year. */
function MyCertificate({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const ledger = useApiQuery(eventsApi.cpd(Number(event.date.slice(0, 4))));
  const entry = ledger.data?.data.entries.find((e) => e.eventId === event.id);
  const file = useFileDownload('events', 'cpd.downloadFailed');
  if (!entry) return null;
  return (
    <p className="event-actions">
      <Button
        variant="secondary"
        loading={file.busy}
        onClick={() =>
          void file.download(
            () => eventsApi.certificatePdf(entry.certificateId),
            `cpd-certificate-${entry.eventDate}.pdf`,
          )
        }
      >
        {t('cpd.download')}
      </Button>
      <Link to={`/event/certificates/${entry.certificateId}`}>{t('cpd.verifyLink')}</Link>
      {file.error && (
        <span className="field-error" role="alert">
          {file.error}
        </span>
      )}
    </p>
  );
}
