import { useState } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  Alert,
  Button,
  ConfirmDialog,
  failureText,
  Pager,
  Spinner,
  useToast,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import { EventForm } from './EventForm';
import { OrganisedEvent, type Panel } from './OrganisedEvent';
import '../shared/events.css';

const PAGE_SIZE = 10;

/**
 * The clinic dashboard's Events widget: "Create New Event" / "Hide Event Form", the organisation's events
 * (upcoming or past) with their registration counts, Edit, Cancel event, the attendee list with its CSV
 * and the check-in scanner. The service checks every one of these; this only offers them.
 */
export default function ClinicEvents() {
  const { t } = useTranslation('events');
  const toast = useToast();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<EventView | null>(null);
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ id: string; panel: Panel } | null>(null);
  const [cancelling, setCancelling] = useState<EventView | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const mine = useApiQuery(eventsApi.mine(when, page, PAGE_SIZE));
  const list = mine.data;
  const error = mine.error && failureText(t, mine.error, 'clinic.loadFailed');
  const pages = list ? Math.max(1, Math.ceil(list.pageInfo.total / PAGE_SIZE)) : 1;

  async function cancelEvent(event: EventView) {
    setBusy(true);
    setCancelError(null);
    try {
      const res = await eventsApi.cancelEvent(event.id);
      if (res.ok) {
        toast.show({ kind: 'success', message: t('clinic.cancelled', { title: event.title }) });
        setCancelling(null);
        await refreshApi('/api/event');
      } else setCancelError(failureText(t, res, 'clinic.cancelFailed'));
    } catch (err) {
      setCancelError(failureText(t, err, 'clinic.cancelFailed'));
    }
    setBusy(false);
  }

  const showForm = formOpen || editing !== null;
  const closeForm = () => {
    setFormOpen(false);
    setEditing(null);
  };
  return (
    <section className="dashboard-section clinic-events" aria-labelledby="clinic-events-title">
      <h2 id="clinic-events-title">{t('clinic.title')}</h2>
      <div className="event-actions">
        <Button
          aria-expanded={showForm}
          aria-controls="event-form-slot"
          onClick={() => (showForm ? closeForm() : setFormOpen(true))}
        >
          {showForm ? t('clinic.hideForm') : t('clinic.createEvent')}
        </Button>
      </div>
      <div id="event-form-slot">
        {showForm && (
          <EventForm
            key={editing?.id ?? 'new'}
            editing={editing ?? undefined}
            onCancel={closeForm}
            onDone={() => {
              closeForm();
              setPage(1);
              void refreshApi('/api/event');
            }}
          />
        )}
      </div>

      <div className="event-actions event-period" role="group" aria-label={t('clinic.which')}>
        {(['upcoming', 'past'] as const).map((w) => (
          <Button
            key={w}
            variant={when === w ? 'primary' : 'ghost'}
            aria-pressed={when === w}
            onClick={() => {
              setWhen(w);
              setPage(1);
            }}
          >
            {t(`clinic.${w}`)}
          </Button>
        ))}
      </div>
      {error && (
        <Alert kind="error">
          {error}{' '}
          <Button variant="secondary" onClick={mine.reload}>
            {t('list.retry')}
          </Button>
        </Alert>
      )}
      {!list && !error && <Spinner label={t('clinic.loading')} />}
      {list && (
        <>
          <p className="result-count" role="status">
            {t(when === 'upcoming' ? 'clinic.countUpcoming' : 'clinic.countPast', {
              count: list.pageInfo.total,
            })}
          </p>
          {list.data.length === 0 ? (
            <p>{when === 'upcoming' ? t('clinic.noneUpcoming') : t('clinic.nonePast')}</p>
          ) : (
            <ul className="card-list">
              {list.data.map((event) => (
                <li key={event.id}>
                  <OrganisedEvent
                    event={event}
                    panel={open?.id === event.id ? open.panel : null}
                    onPanel={(panel) => setOpen(panel ? { id: event.id, panel } : null)}
                    onEdit={() => {
                      setEditing(event);
                      document.getElementById('event-form-slot')?.scrollIntoView?.({ block: 'start' });
                    }}
                    onCancel={() => setCancelling(event)}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={pages} onPage={setPage} label={t('clinic.pages')} />
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('clinic.cancelTitle')}
        message={t('clinic.cancelText', {
          title: cancelling?.title ?? '',
          count: (cancelling?.seatsTaken ?? 0) + (cancelling?.waitlisted ?? 0),
        })}
        confirmLabel={t('clinic.cancelConfirm')}
        cancelLabel={t('clinic.keep')}
        busy={busy}
        error={cancelError}
        onConfirm={() => cancelling && void cancelEvent(cancelling)}
        onCancel={() => {
          setCancelling(null);
          setCancelError(null);
        }}
      />
    </section>
  );
}
