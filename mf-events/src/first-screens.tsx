/**
 * mf-events' first screen drawn on the server: the events list's first page (`/event`), from the same
 * answer the page itself asks for (the gateway preloads it: `remote.firstData`). Built for Node into
 * `dist-server/first-screens.js` (packages/mf-config); the gateway runs it in a worker thread and puts the
 * markup into the prerendered page, where `FirstScreen` keeps it until the page's own render replaces it
 * with the same components. For a visitor who is not signed in, as every prerendered page is. No CSS:
 * the page's stylesheets are already in the HTML. The server does not know the visitor's time zone, so
 * each start is written on the event's own clock, its zone named (`EventClock`).
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@platform/router/server';
import i18next from 'i18next';
import { settleFirstRender } from '@platform/shell-state';
import type { EventListResponse } from '@platform/svc-events/contract';
import type { Language } from '@platform/ui';
import uiEn from '@platform/ui/locales/en.json';
import uiSw from '@platform/ui/locales/sw.json';
import uiFr from '@platform/ui/locales/fr.json';
import eventsEn from './locales/en.json';
import eventsSw from './locales/sw.json';
import eventsFr from './locales/fr.json';
import { EventsList } from './features/events-list/EventsList';
import { EventClock } from './features/shared/when';

export interface FirstScreenRequest {
  /** The route the gateway matched, as `remote.firstData` names it: `/event`. */
  route: string;
  /** The page's path. */
  pathname: string;
  language: Language;
  /** The service's answer to the route's `api`, as JSON. */
  answer: unknown;
  /** The site's public address. */
  origin: string;
}

void i18next.init({
  resources: {
    en: { ui: uiEn, events: eventsEn },
    sw: { ui: uiSw, events: eventsSw },
    fr: { ui: uiFr, events: eventsFr },
  },
  lng: 'en',
  fallbackLng: false,
  ns: ['ui', 'events'],
  defaultNS: 'ui',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const nothing = () => {};

/**
 * svc-events' answer, as its response schema serialises it (the contracts' EventListResponse); anything
 * else (an error's body) draws nothing, and the page loads as it would without.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isEvent = (v: unknown) =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  typeof v.title === 'string' &&
  typeof v.startsAt === 'string' &&
  typeof v.timeZone === 'string';
const isList = (v: unknown): v is EventListResponse =>
  isRecord(v) && v.success === true && Array.isArray(v.data) && v.data.every(isEvent) && isRecord(v.pageInfo);

/** The first screen's markup, or undefined for an answer this route does not draw (an error). */
export function render(request: FirstScreenRequest): string | undefined {
  const { route, answer } = request;
  if (route !== '/event' || !isList(answer)) return undefined;
  // A server render reads the first render's language, as a hydrating page does (useTranslation's server
  // snapshot); the resources are in memory, so nothing suspends.
  settleFirstRender(request.language);
  return renderToString(
    <MemoryRouter initialEntries={[request.pathname]}>
      <EventClock.Provider value>
        <EventsList result={answer} error={null} onRetry={nothing} page={1} onPage={nothing} />
      </EventClock.Provider>
    </MemoryRouter>,
    // Its own ids: none may equal one of the page's, whose render this markup sits in.
    { identifierPrefix: 'first-screen-' },
  );
}
