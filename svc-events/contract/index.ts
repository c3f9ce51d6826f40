/**
 * svc-events' contracts: the TypeBox schemas of its HTTP payloads (events, registrations, check-ins,
 * certificates, calendar feeds, CPD), its events and its error codes. The service validates with them;
 * mf-events imports their types (`import type ... from '@platform/svc-events/contract'`), so no schema code
 * reaches the browser. The plain lists the forms check too (categories, regions, statuses) stay in
 * `@platform/contracts/values`.
 */
import { Type, type Static } from '@sinclair/typebox';
import {
  CappedPageInfo,
  NullableStringEnum,
  Ok,
  PageQuery,
  Paged,
  SearchTerm,
  StringEnum,
} from '@platform/contracts';
import {
  CPD_POINTS_MAX,
  DEFAULT_EVENT_TIME_ZONE,
  EVENT_CATEGORIES,
  EVENT_PERIODS,
  EVENT_REGIONS,
  EVENT_TOPICS,
  REGISTRATION_STATUSES,
} from '@platform/contracts/values';

export {
  CPD_POINTS_MAX,
  DEFAULT_EVENT_TIME_ZONE,
  EVENT_CATEGORIES,
  EVENT_PERIODS,
  EVENT_REGIONS,
  EVENT_TOPICS,
  REGISTRATION_STATUSES,
};
export type {
  EventCategory,
  EventPeriod,
  EventRegion,
  EventTopic,
  RegistrationStatus,
} from '@platform/contracts/values';

const required = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Day = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
/** HH:MM, 24-hour clock. */
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
/** The online meeting link: any https address (Zoom, Teams, Meet...), never javascript: or data:. */
const MeetingLink = Type.String({ maxLength: 2048, pattern: '^(https://[^\\s]+)?$' });
/** An IANA zone name (`Africa/Kampala`); the service also checks the zone exists. */
const TimeZone = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$' });

export const Speaker = Type.Object(
  { name: Type.String({ maxLength: 120 }), designation: Type.String({ maxLength: 120 }) },
  { additionalProperties: false },
);
export type Speaker = Static<typeof Speaker>;

/** The fields an organiser writes; the spec's names, plus where and when exactly. */
const eventFields = {
  title: required(160),
  description: required(5000),
  category: StringEnum(EVENT_CATEGORIES),
  /** What it is about (the spec's filter topics); null or absent: none. */
  topic: Type.Optional(NullableStringEnum(EVENT_TOPICS)),
  /** The day and time the event starts, in `timeZone`. */
  date: Day,
  time: Clock,
  timeZone: Type.Optional(TimeZone),
  durationMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 7 * 24 * 60 })),
  /** `Online` or a place. */
  location: required(160),
  region: Type.Optional(StringEnum(EVENT_REGIONS)),
  country: Type.Optional(Type.String({ maxLength: 80 })),
  speaker: Type.Optional(Speaker),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 12 })),
  zoomLink: Type.Optional(MeetingLink),
  /** Seats; without it (or null) the event takes everyone. */
  capacity: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100000 }), Type.Null()])),
  cpdPoints: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: CPD_POINTS_MAX }), Type.Null()])),
  /** The last instant registrations are taken; null: until the start. */
  registrationDeadline: Type.Optional(Type.Union([Instant, Type.Null()])),
};

/** POST /api/event/add. `postedBy` is accepted for the original clients and ignored: the token says who. */
export const EventBody = Type.Object(
  { ...eventFields, postedBy: Type.Optional(Type.String({ maxLength: 254 })) },
  { additionalProperties: false },
);
export type EventBody = Static<typeof EventBody>;

/** PATCH /api/event/:id: any of the fields; at least one. */
export const EventPatch = Type.Partial(Type.Object(eventFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type EventPatch = Static<typeof EventPatch>;

/** The caller's own registration, in an event's detail. */
export const MyRegistration = Type.Object({
  id: Type.String(),
  status: StringEnum(REGISTRATION_STATUSES),
  /** Place on the waiting list (1 = next to be confirmed); null unless waitlisted. */
  position: Type.Union([Type.Integer(), Type.Null()]),
  /** The signed check-in code, once confirmed. */
  ticket: Type.Optional(Type.String()),
  /**
   * The same ticket as a short code a person can read out or type at the door (e.g. `00K7-F39QX2`), once
   * confirmed. The check-in call takes either.
   */
  ticketCode: Type.Optional(Type.String()),
  registeredAt: Instant,
  checkedInAt: Type.Union([Instant, Type.Null()]),
});
export type MyRegistration = Static<typeof MyRegistration>;

/**
 * An event as the public sees it. `zoomLink` is present only for its organiser and its confirmed
 * registrants (`myRegistration` says which); the public list and detail never carry it.
 */
export const EventView = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: StringEnum(EVENT_CATEGORIES),
  topic: NullableStringEnum(EVENT_TOPICS),
  date: Type.String(),
  time: Type.String(),
  timeZone: Type.String(),
  /** The start as an instant: pages show it in the viewer's zone, naming the zone. */
  startsAt: Instant,
  endsAt: Instant,
  durationMinutes: Type.Integer(),
  location: Type.String(),
  online: Type.Boolean(),
  region: StringEnum(EVENT_REGIONS),
  country: Type.String(),
  speaker: Speaker,
  tags: Type.Array(Type.String()),
  zoomLink: Type.Optional(Type.String()),
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  /** Confirmed seats; `seatsLeft` is null without a capacity. */
  seatsTaken: Type.Integer(),
  seatsLeft: Type.Union([Type.Integer(), Type.Null()]),
  waitlisted: Type.Integer(),
  cpdPoints: Type.Union([Type.Integer(), Type.Null()]),
  registrationDeadline: Type.Union([Instant, Type.Null()]),
  /** The organising organisation's (or account's) name. */
  postedBy: Type.String(),
  /** Whether the caller's organisation organises it (then it may edit, cancel and see registrants). */
  organizing: Type.Boolean(),
  cancelled: Type.Boolean(),
  cancelledAt: Type.Union([Instant, Type.Null()]),
  createdAt: Instant,
  myRegistration: Type.Optional(MyRegistration),
});
export type EventView = Static<typeof EventView>;

/** GET /api/event/get: the spec's filters; sorted by ascending start. */
export const EventQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** Words in the title, description, speaker or tags. */
    search: Type.Optional(SearchTerm),
    category: Type.Optional(StringEnum(EVENT_CATEGORIES)),
    topic: Type.Optional(StringEnum(EVENT_TOPICS)),
    /** Events starting on or after this day (East African); default today. */
    after: Type.Optional(Day),
    region: Type.Optional(StringEnum(EVENT_REGIONS)),
  }),
]);
export type EventQuery = Static<typeof EventQuery>;

export const EventResponse = Ok({ data: EventView });
export type EventResponse = Static<typeof EventResponse>;
export const EventListResponse = Ok({ data: Type.Array(EventView), pageInfo: CappedPageInfo });
export type EventListResponse = Static<typeof EventListResponse>;

/**
 * GET /api/event/mine (an organiser's events) and GET /api/event/registrations/me (the caller's
 * registrations): `upcoming` (not yet ended: soonest first) or `past` (ended: latest first).
 */
export const MyEventsQuery = Type.Composite([
  PageQuery,
  Type.Object({ when: Type.Optional(StringEnum(EVENT_PERIODS)) }),
]);
export type MyEventsQuery = Static<typeof MyEventsQuery>;
/** Events with the caller's part in them: `organizing` for an organiser's, `myRegistration` for a registrant's. */
export const MyEventsResponse = Paged(EventView);
export type MyEventsResponse = Static<typeof MyEventsResponse>;

export const RegistrationResponse = Ok({ data: MyRegistration });
export type RegistrationResponse = Static<typeof RegistrationResponse>;

/** One line of an organiser's registrant list. */
export const Registrant = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  name: Type.String(),
  designation: Type.String(),
  status: StringEnum(REGISTRATION_STATUSES),
  position: Type.Union([Type.Integer(), Type.Null()]),
  registeredAt: Instant,
  checkedInAt: Type.Union([Instant, Type.Null()]),
});
export type Registrant = Static<typeof Registrant>;
export const RegistrantListResponse = Paged(Registrant);
export type RegistrantListResponse = Static<typeof RegistrantListResponse>;

/** Events published by svc-events (through its outbox). */
export const EventPublishedData = Type.Object({
  eventId: Type.String(),
  organizerId: Type.String(),
  title: Type.String(),
  startsAt: Instant,
});
export type EventPublishedData = Static<typeof EventPublishedData>;

export const EventCancelledData = Type.Object({
  eventId: Type.String(),
  organizerId: Type.String(),
  cancelledBy: Type.String(),
  cancelledAt: Instant,
});
export type EventCancelledData = Static<typeof EventCancelledData>;

export const RegistrationChangedData = Type.Object({
  registrationId: Type.String(),
  eventId: Type.String(),
  userId: Type.String(),
  /** Confirmed: on registering, or promoted from the waiting list. Cancelled: by the registrant. */
  reason: StringEnum(['registered', 'promoted', 'withdrawn'] as const),
  at: Instant,
});
export type RegistrationChangedData = Static<typeof RegistrationChangedData>;

export const CheckinRecordedData = Type.Object({
  registrationId: Type.String(),
  eventId: Type.String(),
  userId: Type.String(),
  checkedInAt: Instant,
  /** The CPD points the check-in earned (0 for an event without them). */
  cpdPoints: Type.Integer({ minimum: 0 }),
  /**
   * The event as it was at check-in: its title, its day (YYYY-MM-DD, the organiser's) and its tags. svc-core
   * records a member's training from a tag that names one (optional: check-ins published before carry none).
   */
  eventTitle: Type.Optional(Type.String()),
  eventDate: Type.Optional(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
});
export type CheckinRecordedData = Static<typeof CheckinRecordedData>;

/** POST /api/event/:id/checkins: the code scanned from the attendee's ticket. */
export const CheckinBody = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type CheckinBody = Static<typeof CheckinBody>;

export const CheckinResponse = Ok({
  data: Type.Object({
    registrationId: Type.String(),
    name: Type.String(),
    checkedInAt: Instant,
    /** True when this scan was not the first: `message` then says since when. */
    alreadyCheckedIn: Type.Boolean(),
    /** The CPD certificate the check-in issued, for events that award points. */
    certificateId: Type.Union([Type.String(), Type.Null()]),
    /** The door's count after this scan: confirmed seats, and how many of them have checked in. */
    registered: Type.Integer({ minimum: 0 }),
    checkedIn: Type.Integer({ minimum: 0 }),
  }),
});
export type CheckinResponse = Static<typeof CheckinResponse>;

/** GET /api/event/:id/checkins/count: "12 of 30 checked in", for the organiser's check-in screen. */
export const CheckinCountResponse = Ok({
  data: Type.Object({
    /** Confirmed seats (the waiting list and withdrawn registrations are not counted). */
    registered: Type.Integer({ minimum: 0 }),
    checkedIn: Type.Integer({ minimum: 0 }),
  }),
});
export type CheckinCountResponse = Static<typeof CheckinCountResponse>;

/** POST /api/event/calendar/token: the private feed's address, shown once (a new one revokes the old). */
export const CalendarFeedResponse = Ok({
  data: Type.Object({ token: Type.String(), path: Type.String() }),
});
export type CalendarFeedResponse = Static<typeof CalendarFeedResponse>;

/** GET /api/event/calendar/token: whether the person has a feed, and since when (never its address). */
export const CalendarFeedStateResponse = Ok({
  data: Type.Object({ exists: Type.Boolean(), createdAt: Type.Union([Type.String(), Type.Null()]) }),
});
export type CalendarFeedStateResponse = Static<typeof CalendarFeedStateResponse>;

export const CpdQuery = Type.Object({
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
});
export type CpdQuery = Static<typeof CpdQuery>;

export const CpdEntry = Type.Object({
  certificateId: Type.String(),
  eventId: Type.String(),
  eventTitle: Type.String(),
  eventDate: Type.String(),
  organizer: Type.String(),
  points: Type.Integer(),
  issuedAt: Instant,
});
export type CpdEntry = Static<typeof CpdEntry>;
export const CpdResponse = Ok({
  data: Type.Object({ year: Type.Integer(), total: Type.Integer(), entries: Type.Array(CpdEntry) }),
});
export type CpdResponse = Static<typeof CpdResponse>;

/** The public verify page's answer: whether the certificate is genuine, and nothing about its holder. */
/**
 * The public verify page's answer: whether the id is a certificate the platform issued and, if so, what it
 * says (so a reader can compare it with the paper) and whether its issuing organisation is verified by
 * the platform (an admin checked its registration documents).
 */
export const CertificateCheckResponse = Ok({
  data: Type.Object({
    genuine: Type.Boolean(),
    certificate: Type.Optional(
      Type.Object({
        holderName: Type.String(),
        eventTitle: Type.String(),
        eventDate: Type.String(),
        points: Type.Integer(),
        issuer: Type.String(),
        issuerVerified: Type.Boolean(),
        issuedAt: Type.String({ format: 'date-time' }),
      }),
    ),
  }),
});
export type CertificateCheckResponse = Static<typeof CertificateCheckResponse>;

export const EventsEvents = {
  eventPublished: 'events.event.published.v1',
  eventCancelled: 'events.event.cancelled.v1',
  registrationConfirmed: 'events.registration.confirmed.v1',
  registrationCancelled: 'events.registration.cancelled.v1',
  checkinRecorded: 'events.checkin.recorded.v1',
  /** Notices for the platform inbox (NotificationRequestedData): a seat confirmed from the waiting list, a cancellation. */
  notificationRequested: 'events.notification.requested.v1',
} as const;

/**
 * The error codes svc-events answers with (`code` beside the English `message`): each has its text in its
 * remote's locales (`serverErrors.events.<name>`, en/sw/fr), checked by security/error-codes.test.ts.
 */
export const EventsErrors = {
  alreadyRegistered: 'events.already_registered',
  calendarNotFound: 'events.calendar_not_found',
  capacityBelowConfirmed: 'events.capacity_below_confirmed',
  certificateNotFound: 'events.certificate_not_found',
  checkinClosed: 'events.checkin_closed',
  deadlineAfterStart: 'events.deadline_after_start',
  eventCancelled: 'events.event_cancelled',
  eventNotFound: 'events.event_not_found',
  eventPast: 'events.event_past',
  notCertificateHolder: 'events.not_certificate_holder',
  notOrganizer: 'events.not_organizer',
  registrationCheckedIn: 'events.registration_checked_in',
  registrationClosed: 'events.registration_closed',
  registrationNotFound: 'events.registration_not_found',
  startPast: 'events.start_past',
  ticketInvalid: 'events.ticket_invalid',
  ticketNotConfirmed: 'events.ticket_not_confirmed',
  ticketOtherEvent: 'events.ticket_other_event',
  timeZoneInvalid: 'events.time_zone_invalid',
} as const;
