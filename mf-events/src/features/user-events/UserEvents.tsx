import type { CpdEntry, EventView } from '@platform/svc-events/contract';
import { CPD_YEARLY_TARGET } from '@platform/contracts/values';
import { useApiPages, useApiQuery } from '@platform/data';
import { Link } from '@platform/router';
import { Alert, Button, failureText, Spinner, useFileDownload, useTranslation } from '@platform/ui';
import { eventsApi } from '../../api';
import { StatusBadge } from '../shared/StatusBadge';
import { useWhen } from '../shared/when';
import '../shared/events.css';

const PAGE_SIZE = 10;
const upcomingPath = (page: number) => eventsApi.myRegistrations('upcoming', page, PAGE_SIZE);
const pastPath = (page: number) => eventsApi.myRegistrations('past', page, PAGE_SIZE);

/**
 * Events' widget on the professional's /userdashboard: their upcoming events (waiting-list places
 * included), this year's CPD points against the medical board's yearly target with the certificates,
 * and the events they attended.
 */
export default function UserEvents() {
  const { t } = useTranslation('events');
  const upcoming = useApiPages(upcomingPath);
  const past = useApiPages(pastPath);
  return (
    <div className="stack user-events">
      <section className="dashboard-section" aria-labelledby="my-events-title">
        <h2 id="my-events-title">{t('mine.upcoming')}</h2>
        {upcoming.error && <Alert kind="error">{failureText(t, upcoming.error, 'mine.loadFailed')}</Alert>}
        {upcoming.loading && <Spinner label={t('mine.loading')} />}
        {!upcoming.loading && !upcoming.error && upcoming.items.length === 0 && (
          <p>
            {t('mine.none')} <Link to="/event">{t('mine.find')}</Link>
          </p>
        )}
        {upcoming.items.length > 0 && (
          <ul className="card-list">
            {upcoming.items.map((e) => (
              <li key={e.id}>
                <MyEvent event={e} />
              </li>
            ))}
          </ul>
        )}
        {upcoming.hasMore && (
          <Button variant="secondary" onClick={upcoming.loadMore}>
            {t('mine.showMore')}
          </Button>
        )}
      </section>
      <CpdThisYear />
      {past.items.length > 0 && (
        <section className="dashboard-section" aria-labelledby="past-events-title">
          <h2 id="past-events-title">{t('mine.past')}</h2>
          <ul className="card-list">
            {past.items.map((e) => (
              <li key={e.id}>
                <MyEvent event={e} />
              </li>
            ))}
          </ul>
          {past.hasMore && (
            <Button variant="secondary" onClick={past.loadMore}>
              {t('mine.showMore')}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}

/** One of the person's events: when, where, and their place (seat, waiting list), or cancelled. */
function MyEvent({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const when = useWhen();
  const mine = event.myRegistration;
  const ended = Date.parse(event.endsAt) <= Date.now();
  return (
    <article className="card event-item" aria-label={event.title}>
      <h3>
        <Link to={`/event/${event.id}`}>{event.title}</Link>
      </h3>
      <ul className="event-facts">
        <li>
          <time dateTime={event.startsAt}>{when.start(event.startsAt)}</time>
        </li>
        <li>{event.online ? t('facts.online') : event.location}</li>
        <li>
          {event.cancelled ? (
            <span className="badge badge-cancelled">{t('status.eventCancelled')}</span>
          ) : ended ? (
            <span className={`badge ${mine?.checkedInAt ? 'badge-confirmed' : 'badge-muted'}`}>
              {mine?.checkedInAt ? t('status.attended') : t('status.notCheckedIn')}
            </span>
          ) : (
            mine && <StatusBadge status={mine.status} position={mine.position} />
          )}
        </li>
      </ul>
    </article>
  );
}

/** This year's CPD points against the yearly target, and the certificates behind them. */
function CpdThisYear() {
  const { t } = useTranslation('events');
  const year = new Date().getFullYear();
  const answer = useApiQuery(eventsApi.cpd(year));
  const cpd = answer.data?.data;
  const total = cpd?.total ?? 0;
  return (
    <section className="card dashboard-section" aria-labelledby="cpd-title">
      <h2 id="cpd-title">{t('cpd.title', { year })}</h2>
      {answer.error && <Alert kind="error">{failureText(t, answer.error, 'cpd.loadFailed')}</Alert>}
      {answer.loading && <Spinner label={t('cpd.loading')} />}
      {cpd && (
        <>
          <div className="cpd-progress">
            <p id="cpd-summary">
              <span className="cpd-total">{t('cpd.points', { count: total })}</span>{' '}
              {t('cpd.ofTarget', { target: CPD_YEARLY_TARGET })}
            </p>
            <progress
              max={CPD_YEARLY_TARGET}
              value={Math.min(total, CPD_YEARLY_TARGET)}
              aria-labelledby="cpd-summary"
            />
            <p className="muted">
              {total >= CPD_YEARLY_TARGET
                ? t('cpd.reached')
                : t('cpd.toGo', { count: CPD_YEARLY_TARGET - total })}{' '}
              {t('cpd.targetNote', { target: CPD_YEARLY_TARGET })}
            </p>
          </div>
          <h3>{t('cpd.certificates')}</h3>
          {cpd.entries.length === 0 ? (
            <p>{t('cpd.none')}</p>
          ) : (
            <ul className="card-list">
              {cpd.entries.map((entry) => (
                <li key={entry.certificateId}>
                  <Certificate entry={entry} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Certificate({ entry }: { entry: CpdEntry }) {
  const { t } = useTranslation('events');
  const when = useWhen();
  const file = useFileDownload('events', 'cpd.downloadFailed');
  return (
    <article className="event-item registrant" aria-label={entry.eventTitle}>
      <h4>{entry.eventTitle}</h4>
      <p className="muted">
        {when.day(entry.eventDate)} · {entry.organizer} · {t('facts.cpd', { count: entry.points })}
      </p>
      <div className="event-actions">
        <Button
          variant="secondary"
          loading={file.busy}
          aria-label={t('cpd.downloadFor', { title: entry.eventTitle })}
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
      </div>
      {file.error && <Alert kind="error">{file.error}</Alert>}
    </article>
  );
}
