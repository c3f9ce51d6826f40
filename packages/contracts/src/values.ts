/**
 * Plain values shared with the browser: import them from `@platform/contracts/values`, which pulls in
 * no TypeBox (the schemas stay on the server; remotes import only types and these lists).
 */

/** Job types a clinic may post; the public filter offers the same list. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Temporary'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** `shortlisted`: the clinic's step between applying and its decision (still undecided: the applicant may withdraw). */
export const APPLICATION_STATUSES = ['pending', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * Public lists (the job board, events, discussions, the directory) count matches exactly up to this many
 * past the current page, then say "more than": counting a broad filter's every match would cost more than
 * the page itself, and grow with the table.
 */
export const LIST_COUNT_CAP = 100;

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

/** Largest profile photo (JPEG, PNG or WebP): 2 MB. The gateway's limit for its upload is the same (module.json). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Where svc-identity serves an uploaded profile photo: a person's `photo` is this and the photo's id. */
export const PHOTO_PATH_PREFIX = '/api/user/photo/';
const OWN_PHOTO = /^\/api\/user\/photo\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A `photo` as every page and projection keeps it: one of our own uploaded photos, else '' (an external
 * link from before photos were uploaded, or from an old event, is never shown: every visitor's browser
 * would fetch it).
 */
export function ownPhoto(photo: string | null | undefined): string {
  return photo && OWN_PHOTO.test(photo) ? photo : '';
}

export * from './salary';

/** The longest message a clinic may send with its decision on an application. */
export const DECISION_MESSAGE_MAX = 500;

/** At most this many saved job searches (alerts) per person. */
export const MAX_JOB_ALERTS = 10;

/** Event categories: the one list the event form offers and the events filter accepts. */
export const EVENT_CATEGORIES = ['Training', 'Meeting', 'Webinar', 'Conference', 'Workshop'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/**
 * Event topics, the spec's filter categories: what an event is about, beside its type (a webinar on
 * licensing exam prep). Optional on an event; the events filter offers both.
 */
export const EVENT_TOPICS = [
  'CPD',
  'Licensing Exam Prep',
  'Community Health',
  'NHIF/Nursing Council Briefings',
  'Public Health Workshops',
] as const;
export type EventTopic = (typeof EVENT_TOPICS)[number];

/** Where an event is held, for the events filter ('Online' for webinars and other online events). */
export const EVENT_REGIONS = ['Kenya', 'Uganda', 'Tanzania', 'Rwanda', 'Online'] as const;
export type EventRegion = (typeof EVENT_REGIONS)[number];

/**
 * The job board's days (the day a job was posted, the last day to apply) are East African days, whoever
 * reads them and wherever the server runs: the page drawn on the server and the one drawn in the browser
 * show the same date.
 */
export const BOARD_TIME_ZONE = 'Africa/Nairobi';

/** An event's start is entered in this zone unless the organiser names another. */
export const DEFAULT_EVENT_TIME_ZONE = 'Africa/Nairobi';

/** The most CPD points one event may award. */
export const CPD_POINTS_MAX = 50;

/** An organiser's events and a person's registrations: not yet ended (`upcoming`) or ended (`past`). */
export const EVENT_PERIODS = ['upcoming', 'past'] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

/** The yearly CPD points the medical board asks of a doctor: the target a professional's dashboard shows. */
export const CPD_YEARLY_TARGET = 50;

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * Cookies the shell keeps so the gateway can pick the prerendered HTML that matches what this browser will
 * render: the visitor's language, and whether they answered the cookie banner. Neither says who they are.
 */
export const PAGE_COOKIES = { language: 'afya.lang', consent: 'afya.consent' } as const;

/**
 * The session cookie: the access token svc-identity issues at sign-in, HttpOnly, sent to `/api` only, for
 * clients that send cookies rather than the Authorization header (the spec's `POST /api/connect`).
 */
export const SESSION_COOKIE = 'afya.session';

/**
 * Professions of the Connect directory (the spec's Role filter) and of Role-Based discussions: a Clinic
 * account is `Clinic`; a person's profession is read from their designation (`professionOf`).
 */
export const PROFESSIONS = [
  'Clinic',
  'Doctor',
  'Nurse',
  'Clinical Officer',
  'Pharmacist',
  'Laboratory Technologist',
  'Other',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** Words of a designation that name a profession, most specific first ("Clinical Officer" before "Officer"). */
const PROFESSION_WORDS: [Profession, RegExp][] = [
  ['Clinical Officer', /\bclinical officer\b/i],
  ['Nurse', /\b(nurse|nursing|midwife|midwifery)\b/i],
  ['Pharmacist', /\b(pharmacist|pharmacy|pharmaceutical)\b/i],
  ['Laboratory Technologist', /\b(lab|laboratory|medical technologist|radiographer|sonographer)\b/i],
  [
    'Doctor',
    /\b(doctor|dr\.?|physician|surgeon|consultant|medical officer|paediatrician|pediatrician|gynaecologist|gynecologist|obstetrician|dentist|psychiatrist|radiologist|anaesthetist|anesthetist|cardiologist|general practitioner|gp)\b/i,
  ],
];

/** The directory's profession of an account: Clinic accounts are `Clinic`; people by their designation. */
export function professionOf(role: string, designation: string): Profession {
  if (role === 'Clinic') return 'Clinic';
  for (const [profession, words] of PROFESSION_WORDS) if (words.test(designation)) return profession;
  return 'Other';
}

/** Discussion categories (the spec's list): the form offers them, the list filters by them. */
export const DISCUSSION_CATEGORIES = [
  'General',
  'Clinical',
  'NHIF & Compliance',
  'Task Shifting in Rural Clinics',
  'Mobile Clinics & Outreach',
  'Medical Supply Chain',
  'Administrative',
  'Research',
] as const;
export type DiscussionCategory = (typeof DISCUSSION_CATEGORIES)[number];

/**
 * Who may read a discussion: every signed-in user; the author's organisation only; or the professions
 * the author chose (`roles`).
 */
export const DISCUSSION_VISIBILITIES = ['Public', 'Clinic Internal', 'Role-Based'] as const;
export type DiscussionVisibility = (typeof DISCUSSION_VISIBILITIES)[number];

export const CONNECTION_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Where the viewer stands with a person of the directory: what the Connect button shows. */
export const CONNECTION_STATES = ['self', 'none', 'outgoing', 'incoming', 'connected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** The town of a postal address: its first comma-separated part ("Kisumu" of "Kisumu, Milimani Rd 4"). */
export const townOf = (address: string) => address.split(',')[0]!.trim();

/**
 * A person's postal address as a viewer may read it on a directory card: nothing for visitors; the town
 * for signed-in members; all of it only where the person chose to show their contact details (`shown`).
 */
export const addressFor = (address: string, viewer: { signedIn: boolean; shown: boolean }) =>
  !viewer.signedIn ? '' : viewer.shown ? address : townOf(address);

/** Connect's rules for new accounts and abuse (Discourse's trust levels, LinkedIn's invitation caps). */
export const CONNECT_LIMITS = {
  /** An account younger than this many days is new. */
  newAccountDays: 7,
  /** Connection requests a new account may send in 24 hours. */
  newAccountRequestsPerDay: 20,
  /** Discussions and replies a new account may post in its first day. */
  newAccountDiscussionsFirstDay: 3,
  newAccountRepliesFirstDay: 10,
  /** Links one post or reply of a new account may carry. */
  newAccountLinksPerPost: 2,
  /** A declined or withdrawn request may be sent again after this many days. */
  requestCoolOffDays: 21,
  /**
   * Flags from different people that send a post to the moderators; it is hidden until they decide only
   * when the flags also weigh `flagWeightToHide` (a new account's weighs nothing, an established member's
   * most: `flagWeight` in svc-connect) and its author is not an established member.
   */
  flagsToHide: 3,
  flagWeightToHide: 4,
  /** An account this many days old with a verified e-mail address is an established member. */
  establishedMemberDays: 30,
} as const;

/**
 * A prerendered page's scripts start once it has been painted: the page loads the shell's `start.js`
 * (not `main.js`), which then preloads the scripts the gateway lists as JSON in the element of this id,
 * and runs `main.js`.
 */
export const AFTER_PAINT = { script: 'start.js', listId: 'afya-after-paint' } as const;

/**
 * A page's first screen drawn on the server (a remote's `firstScreens` renderer, run by the gateway with
 * the data it preloads): the element of this id, empty in the prerendered page, is where the gateway puts
 * that markup, and where the page keeps it until its own render has the data (`FirstScreen` in
 * `@platform/ui`). The renderer's bundle is `dist-server/<file>` in the remote's folder.
 */
export const FIRST_SCREEN = { elementId: 'afya-first-screen', file: 'first-screens.js' } as const;

/**
 * A built file whose name carries its content's hash (`routes.0123abcdef.js`): it never changes, so it is
 * cached for good wherever a build is served (the gateway, a remote's own nginx); every other file
 * (remoteEntry.js, index.html) is re-checked on each load.
 */
export const HASHED_ASSET_PATTERN = '\\.[0-9a-f]{8,}\\.(js|css|woff2?|png|svg|jpg|webp)$';

/** The demo request's facility types (the spec's list; the form's default is Clinic). */
export const FACILITY_TYPES = ['Clinic', 'Hospital', 'Rehab Center', 'Diagnostic Center', 'Other'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

/** The landing page's six content blocks, in its order (the original product's keys). */
export const HOME_BLOCKS = [
  'Hero',
  'AboutUs',
  'coreDescription',
  'hiredescription',
  'namedescription',
  'conectdescription',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const INBOX_KINDS = ['contact', 'demo'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
