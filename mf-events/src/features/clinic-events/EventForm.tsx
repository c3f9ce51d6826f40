import { useState, type FormEvent } from 'react';
import type { EventView } from '@platform/svc-events/contract';
import { EVENT_CATEGORIES, EVENT_REGIONS, EVENT_TOPICS, CPD_POINTS_MAX } from '@platform/contracts/values';
import {
  Button,
  ConfirmDialog,
  FormErrors,
  SelectField,
  TextArea,
  TextField,
  useForm,
  useToast,
  useTranslation,
} from '@platform/ui';
import { eventsApi } from '../../api';
import {
  emptyEventForm,
  EVENT_TIME_ZONES,
  eventPatch,
  formOf,
  newEventPayload,
  validateEvent,
  type EventForm as Values,
  type EventFormError,
} from './event-form';
import { TagsField } from './TagsField';

/** Server codes about one field: their text shows beside it. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  'events.start_past': 'date',
  'events.deadline_after_start': 'registrationDeadline',
  'events.time_zone_invalid': 'timeZone',
  'events.capacity_below_confirmed': 'capacity',
};

/**
 * The spec's event form (Title*, Date*, Time*, Location*, Category*, Speaker Name, Speaker Designation,
 * Description*, the online link, Tags as chips, Cancel, Post Event) with capacity, CPD points, duration,
 * region, time zone and registration deadline. Posts a new event, or saves an edited one (`editing`).
 */
export function EventForm({
  editing,
  onDone,
  onCancel,
}: {
  editing?: EventView;
  onDone(event: EventView): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('events');
  const toast = useToast();
  const initial = editing ? formOf(editing) : emptyEventForm();
  const f = useForm<Values, EventFormError>('events', initial, 'form.errors', {
    serverFields: SERVER_FIELDS,
    validate: (values) => validateEvent(values, { isNew: !editing }),
  });
  const { form, field } = f;
  const [tags, setTags] = useState<string[]>(editing?.tags ?? []);
  const [tagsTouched, setTagsTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [asking, setAsking] = useState(false);
  const dirty = f.dirty || tagsTouched;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!f.check(validateEvent(form, { isNew: !editing }))) return;
    setSending(true);
    try {
      const res = editing
        ? await eventsApi.updateEvent(editing.id, eventPatch(form, tags))
        : await eventsApi.postEvent(newEventPayload(form, tags));
      if (res.ok) {
        toast.show({ kind: 'success', message: editing ? t('form.saved') : t('form.posted') });
        f.reset(emptyEventForm());
        setTags([]);
        setTagsTouched(false);
        onDone(res.body.data);
        return;
      }
      f.fail(res, editing ? 'form.saveFailed' : 'form.postFailed');
    } catch (err) {
      f.fail(err, editing ? 'form.saveFailed' : 'form.postFailed');
    }
    setSending(false);
  }

  const zones = EVENT_TIME_ZONES.includes(form.timeZone as (typeof EVENT_TIME_ZONES)[number])
    ? EVENT_TIME_ZONES
    : [form.timeZone, ...EVENT_TIME_ZONES];
  const titleId = editing ? 'edit-event-title' : 'new-event-title';
  return (
    <section className="card event-form-card" aria-labelledby={titleId} id="event-form">
      <h3 id={titleId}>{editing ? t('form.editTitle', { title: editing.title }) : t('form.newTitle')}</h3>
      <FormErrors form={f} />
      <form onSubmit={submit} noValidate>
        <TextField label={t('form.title')} required maxLength={160} {...field('title')} />
        <div className="form-grid">
          <TextField label={t('form.date')} type="date" required {...field('date')} />
          <TextField label={t('form.time')} type="time" required {...field('time')} />
        </div>
        <div className="form-grid">
          <SelectField
            label={t('form.timeZone')}
            {...field('timeZone')}
            options={zones.map((z) => ({ value: z, label: t(`zones.${z}`, { defaultValue: z }) }))}
          />
          <TextField
            label={t('form.duration')}
            type="number"
            inputMode="numeric"
            min={5}
            max={10080}
            required
            {...field('durationMinutes')}
          />
        </div>
        <div className="form-grid">
          <TextField
            label={t('form.location')}
            hint={t('form.locationHint')}
            required
            maxLength={160}
            {...field('location')}
          />
          <SelectField
            label={t('form.region')}
            {...field('region')}
            options={[
              { value: '', label: t('form.regionFromLocation') },
              ...EVENT_REGIONS.map((r) => ({ value: r, label: t(`regions.${r}`) })),
            ]}
          />
        </div>
        <div className="form-grid">
          <SelectField
            label={t('form.category')}
            required
            {...field('category')}
            options={[
              { value: '', label: t('form.chooseCategory') },
              ...EVENT_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
            ]}
          />
          <SelectField
            label={t('form.topic')}
            {...field('topic')}
            options={[
              { value: '', label: t('form.noTopic') },
              ...EVENT_TOPICS.map((c) => ({ value: c, label: t(`topics.${c}`) })),
            ]}
          />
        </div>
        <div className="form-grid">
          <TextField label={t('form.speakerName')} maxLength={120} {...field('speakerName')} />
          <TextField label={t('form.speakerDesignation')} maxLength={120} {...field('speakerDesignation')} />
        </div>
        <TextArea
          label={t('form.description')}
          required
          rows={5}
          maxLength={5000}
          {...field('description')}
        />
        <TextField
          label={t('form.zoomLink')}
          hint={t('form.zoomLinkHint')}
          type="url"
          inputMode="url"
          maxLength={2048}
          {...field('zoomLink')}
        />
        <div className="form-grid">
          <TextField
            label={t('form.capacity')}
            hint={t('form.capacityHint')}
            type="number"
            inputMode="numeric"
            min={1}
            {...field('capacity')}
          />
          <TextField
            label={t('form.cpdPoints')}
            hint={t('form.cpdPointsHint', { max: CPD_POINTS_MAX })}
            type="number"
            inputMode="numeric"
            min={0}
            max={CPD_POINTS_MAX}
            {...field('cpdPoints')}
          />
        </div>
        <TextField
          label={t('form.deadline')}
          hint={t('form.deadlineHint')}
          type="datetime-local"
          {...field('registrationDeadline')}
        />
        <TagsField
          tags={tags}
          onChange={(next) => {
            setTags(next);
            setTagsTouched(true);
          }}
        />
        <div className="row confirm-actions">
          <Button variant="secondary" onClick={() => (dirty ? setAsking(true) : onCancel())}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={sending}>
            {editing ? t('form.save') : t('form.post')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={t('form.discardTitle')}
        message={t('form.discardText')}
        confirmLabel={t('form.discard')}
        cancelLabel={t('form.keepEditing')}
        onConfirm={() => {
          setAsking(false);
          onCancel();
        }}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
