/**
 * Plain values shared with the browser: import them from `@platform/contracts/values`, which pulls in
 * no TypeBox (the schemas stay on the server; remotes import only types and these lists).
 */

/** Job types a clinic may post; the public filter offers the same list. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * The job board counts matches exactly up to this many past the current page, then says "more
 * than": counting a broad filter's every match would cost more than the page itself.
 */
export const JOB_COUNT_CAP = 100;

/** Account roles; a person may choose only the signup ones (admins are bootstrapped). */
export const ROLES = ['user', 'Clinic', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SIGNUP_ROLES = ['user', 'Clinic'] as const;

/** A phone number as typed: digits, spaces, +, -, ( and ). Checked by the forms and by the services. */
export const PHONE_PATTERN = '^[0-9+()\\-\\s]*$';
export const PHONE_MAX_LENGTH = 32;
/** Where a phone number is required (an application), at least this many characters. */
export const PHONE_MIN_LENGTH = 5;

const PHONE = new RegExp(PHONE_PATTERN);
/** The forms' check of a phone number: the same rule the services' schemas apply. */
export const isPhoneNumber = (text: string, minLength = 0) =>
  text.length >= minLength && text.length <= PHONE_MAX_LENGTH && PHONE.test(text);

/**
 * The plans on /pricing. Until billing exists a person's chosen plan is kept on the account as a declared
 * interest only: it unlocks nothing.
 */
export const PLAN_IDS = ['essential', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Largest stored CV (a PDF): 5 MB. The gateway's upload limit for `PUT /api/cv` is the same (module.json). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

export * from './salary';

/** The longest message a clinic may send with its decision on an application. */
export const DECISION_MESSAGE_MAX = 500;

/** At most this many saved job searches (alerts) per person. */
export const MAX_JOB_ALERTS = 10;

/** Event categories: the one list the event form offers and the events filter accepts. */
export const EVENT_CATEGORIES = ['Training', 'Meeting', 'Webinar', 'Conference', 'Workshop'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** Where an event is held, for the events filter ('Online' for webinars and other online events). */
export const EVENT_REGIONS = ['Kenya', 'Uganda', 'Tanzania', 'Rwanda', 'Online'] as const;
export type EventRegion = (typeof EVENT_REGIONS)[number];

/** An event's start is entered in this zone unless the organiser names another. */
export const DEFAULT_EVENT_TIME_ZONE = 'Africa/Nairobi';

/** The most CPD points one event may award. */
export const CPD_POINTS_MAX = 50;

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * Cookies the shell keeps so the gateway can pick the prerendered HTML that matches what this browser will
 * render: the visitor's language, and whether they answered the cookie banner. Neither says who they are.
 */
export const PAGE_COOKIES = { language: 'afya.lang', consent: 'afya.consent' } as const;

/**
 * A prerendered page's scripts start once it has been painted: the page loads the shell's `start.js`
 * (not `main.js`), which then preloads the scripts the gateway lists as JSON in the element of this id,
 * and runs `main.js`.
 */
export const AFTER_PAINT = { script: 'start.js', listId: 'afya-after-paint' } as const;
