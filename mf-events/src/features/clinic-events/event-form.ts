import type { EventBody, EventPatch, EventView } from '@platform/svc-events/contract';
import {
  CPD_POINTS_MAX,
  DEFAULT_EVENT_TIME_ZONE,
  type EventCategory,
  type EventRegion,
  type EventTopic,
} from '@platform/contracts/values';
import { instantIn, wallClockIn } from '../shared/when';

/** The zones an organiser in the region picks from (the service takes any IANA zone). */
export const EVENT_TIME_ZONES = [
  'Africa/Nairobi',
  'Africa/Kampala',
  'Africa/Dar_es_Salaam',
  'Africa/Kigali',
  'Africa/Bujumbura',
  'Africa/Juba',
] as const;

/** The event form's values, as typed (numbers too: the form checks them before anything is sent). */
export interface EventForm {
  title: string;
  date: string;
  time: string;
  timeZone: string;
  location: string;
  category: EventCategory | '';
  /** What it is about; '' for none. */
  topic: EventTopic | '';
  /** '' lets the service choose from the location (Online, else Kenya). */
  region: EventRegion | '';
  speakerName: string;
  speakerDesignation: string;
  description: string;
  /** The online meeting link (the spec's Zoom Link), https only. */
  zoomLink: string;
  capacity: string;
  cpdPoints: string;
  durationMinutes: string;
  /** YYYY-MM-DDTHH:MM on the event's clock, or ''. */
  registrationDeadline: string;
}

export type EventFormError =
  | 'required'
  | 'date'
  | 'time'
  | 'startPast'
  | 'link'
  | 'capacity'
  | 'cpd'
  | 'duration'
  | 'deadline'
  | 'deadlineAfterStart';

export const emptyEventForm = (): EventForm => ({
  title: '',
  date: '',
  time: '',
  timeZone: DEFAULT_EVENT_TIME_ZONE,
  location: '',
  category: '',
  topic: '',
  region: '',
  speakerName: '',
  speakerDesignation: '',
  description: '',
  zoomLink: '',
  capacity: '',
  cpdPoints: '',
  durationMinutes: '60',
  registrationDeadline: '',
});

/** An event's values in the form, for editing it. */
export function formOf(e: EventView): EventForm {
  const deadline = e.registrationDeadline ? wallClockIn(e.registrationDeadline, e.timeZone) : null;
  return {
    title: e.title,
    date: e.date,
    time: e.time,
    timeZone: e.timeZone,
    location: e.location,
    category: e.category,
    topic: e.topic ?? '',
    region: e.region,
    speakerName: e.speaker.name,
    speakerDesignation: e.speaker.designation,
    description: e.description,
    zoomLink: e.zoomLink ?? '',
    capacity: e.capacity === null ? '' : String(e.capacity),
    cpdPoints: e.cpdPoints === null ? '' : String(e.cpdPoints),
    durationMinutes: String(e.durationMinutes),
    registrationDeadline: deadline ? `${deadline.date}T${deadline.time}` : '',
  };
}

const REQUIRED = ['title', 'date', 'time', 'location', 'category', 'description'] as const;
const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The start instant the form names, or null. */
export const startOf = (f: EventForm) => instantIn(f.date, f.time, f.timeZone);
const deadlineOf = (f: EventForm) => {
  const [date = '', time = ''] = f.registrationDeadline.split('T');
  return instantIn(date, time.slice(0, 5), f.timeZone);
};

/**
 * The service's rules, checked before sending (it checks them all again): the spec's required fields, an
 * https link, whole numbers in range, a start in the future (a new event) and a deadline before it.
 */
export function validateEvent(
  f: EventForm,
  { isNew, now = Date.now() }: { isNew: boolean; now?: number },
): Partial<Record<keyof EventForm, EventFormError>> {
  const found: Partial<Record<keyof EventForm, EventFormError>> = {};
  for (const k of REQUIRED) if (!f[k].trim()) found[k] = 'required';
  if (f.date && !/^\d{4}-\d{2}-\d{2}$/.test(f.date)) found.date = 'date';
  if (f.time && !/^([01]\d|2[0-3]):[0-5]\d$/.test(f.time)) found.time = 'time';
  const start = startOf(f);
  if (isNew && start && start.getTime() <= now) found.date = 'startPast';
  const link = f.zoomLink.trim();
  if (link && !/^https:\/\/\S+$/i.test(link)) found.zoomLink = 'link';
  if (f.capacity.trim() && !wholeIn(f.capacity, 1, 100000)) found.capacity = 'capacity';
  if (f.cpdPoints.trim() && !wholeIn(f.cpdPoints, 0, CPD_POINTS_MAX)) found.cpdPoints = 'cpd';
  if (!wholeIn(f.durationMinutes, 5, 7 * 24 * 60)) found.durationMinutes = 'duration';
  if (f.registrationDeadline) {
    const deadline = deadlineOf(f);
    if (!deadline) found.registrationDeadline = 'deadline';
    else if (start && deadline.getTime() > start.getTime()) found.registrationDeadline = 'deadlineAfterStart';
  }
  return found;
}

const numberOrNull = (text: string) => (text.trim() ? Number(text.trim()) : null);

/** The fields as the service takes them (trimmed; optional ones left out when empty). */
function fields(f: EventForm, tags: string[]) {
  const deadline = f.registrationDeadline ? deadlineOf(f) : null;
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    category: f.category as EventCategory,
    topic: f.topic || null,
    date: f.date,
    time: f.time,
    timeZone: f.timeZone,
    location: f.location.trim(),
    durationMinutes: Number(f.durationMinutes),
    speaker: { name: f.speakerName.trim(), designation: f.speakerDesignation.trim() },
    tags,
    zoomLink: f.zoomLink.trim(),
    capacity: numberOrNull(f.capacity),
    cpdPoints: numberOrNull(f.cpdPoints),
    registrationDeadline: deadline ? deadline.toISOString() : null,
  };
}

/** POST /api/event/add: sent once `validateEvent` found nothing. */
export function newEventPayload(f: EventForm, tags: string[]): EventBody {
  const { speaker, zoomLink, topic, ...rest } = fields(f, tags);
  return {
    ...rest,
    ...(topic ? { topic } : {}),
    ...(f.region ? { region: f.region } : {}),
    ...(speaker.name || speaker.designation ? { speaker } : {}),
    ...(zoomLink ? { zoomLink } : {}),
  };
}

/** PATCH /api/event/:id: every field, so a cleared one (a link, a capacity, the topic) is cleared. */
export function eventPatch(f: EventForm, tags: string[]): EventPatch {
  return { ...fields(f, tags), ...(f.region ? { region: f.region } : {}) };
}

/**
 * A tag is added only when it is not empty once trimmed and not already there (in any case), as the
 * original form did; the service keeps at most 12 of at most 40 characters.
 */
export function addTag(tags: string[], typed: string): string[] {
  const tag = typed.trim().replace(/\s+/g, ' ').slice(0, 40);
  if (!tag || tags.length >= 12 || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}
