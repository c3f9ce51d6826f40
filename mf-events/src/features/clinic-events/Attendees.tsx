import { useState } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { useApiQuery } from '@platform/data';
import {
  Alert,
  Button,
  failureText,
  Pager,
  Spinner,
  useDateFormat,
  useFileDownload,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import { StatusBadge } from '../shared/StatusBadge';
import { useWhen } from '../shared/when';

const PAGE_SIZE = 20;

/** An event's registrants (the server answers only its organiser), a page at a time, with the CSV. */
export function Attendees({ event }: { event: EventView }) {
  const { t } = useTranslation('events');
  const date = useDateFormat();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const answer = useApiQuery(eventsApi.registrants(event.id, page, PAGE_SIZE));
  const list = answer.data;
  const csv = useFileDownload('events', 'attendees.csvFailed');
  const pages = list ? Math.max(1, Math.ceil(list.pageInfo.total / PAGE_SIZE)) : 1;
  return (
    <section className="panel" aria-label={t('attendees.of', { title: event.title })}>
      <h4>
        {t('attendees.heading', { count: list?.pageInfo.total ?? event.seatsTaken + event.waitlisted })}
      </h4>
      <div className="event-actions">
        <Button
          variant="secondary"
          loading={csv.busy}
          onClick={() =>
            void csv.download(() => eventsApi.registrantsCsv(event.id), `registrations-${event.date}.csv`)
          }
        >
          {t('attendees.csv')}
        </Button>
      </div>
      {csv.error && <Alert kind="error">{csv.error}</Alert>}
      {answer.error && <Alert kind="error">{failureText(t, answer.error, 'attendees.loadFailed')}</Alert>}
      {!list && !answer.error && <Spinner label={t('attendees.loading')} />}
      {list && list.data.length === 0 && <p>{t('attendees.none')}</p>}
      {list && list.data.length > 0 && (
        <ol className="registrant-list" start={(page - 1) * PAGE_SIZE + 1}>
          {list.data.map((r) => (
            <li key={r.id} className="registrant">
              <p>
                <strong>{r.name}</strong>
                {r.designation && <span className="muted">, {r.designation}</span>}{' '}
                <StatusBadge status={r.status} position={r.position} />
              </p>
              <p className="muted">
                {t('attendees.registeredOn', { date: date(r.registeredAt) })}
                {r.checkedInAt &&
                  ` · ${t('attendees.checkedInAt', { time: when.time(r.checkedInAt, event.timeZone) })}`}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('attendees.pages')} />
    </section>
  );
}
