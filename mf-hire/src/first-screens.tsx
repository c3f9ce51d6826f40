/**
 * mf-hire's first screens drawn on the server: the board's first page (`/hire`) and a job's page
 * (`/hire/:id`), from the same answer the page itself asks for (the gateway preloads it:
 * `remote.firstData`). Built for Node into `dist-server/first-screens.js` (packages/mf-config); the gateway
 * runs it in a worker thread and puts the markup into the prerendered page, where `FirstScreen` keeps it
 * until the page's own render replaces it with the same components. For a visitor who is not signed in,
 * as every prerendered page is. No CSS: the page's stylesheets are already in the HTML.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@platform/router/server';
import i18next from 'i18next';
import { settleFirstRender } from '@platform/shell-state';
import type { JobListResponse, JobResponse } from '@platform/svc-hire/contract';
import type { Language } from '@platform/ui';
import uiEn from '@platform/ui/locales/en.json';
import uiSw from '@platform/ui/locales/sw.json';
import uiFr from '@platform/ui/locales/fr.json';
import hireEn from './locales/en.json';
import hireSw from './locales/sw.json';
import hireFr from './locales/fr.json';
import { BoardList } from './features/jobs-board/BoardList';
import { NO_FILTERS } from './features/jobs-board/filters';
import { JobArticle } from './features/job-page/JobArticle';

export interface FirstScreenRequest {
  /** The route the gateway matched, as `remote.firstData` names it: `/hire` or `/hire/:id`. */
  route: string;
  /** The page's path (`/hire/<id>`). */
  pathname: string;
  language: Language;
  /** The service's answer to the route's `api`, as JSON. */
  answer: unknown;
  /** The site's public address (share links). */
  origin: string;
}

void i18next.init({
  resources: {
    en: { ui: uiEn, hire: hireEn },
    sw: { ui: uiSw, hire: hireSw },
    fr: { ui: uiFr, hire: hireFr },
  },
  lng: 'en',
  fallbackLng: false,
  ns: ['ui', 'hire'],
  defaultNS: 'ui',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

// A visitor: Apply leads to the login page in the browser; here nothing is pressed.
const nothing = () => {};
const visitor = { applied: () => false, saved: () => false, signedIn: false };

/**
 * svc-hire's answers, as its response schemas serialise them (the contracts' JobListResponse and
 * JobResponse); anything else (an error's body) draws nothing, and the page loads as it would without.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isJob = (v: unknown) => isRecord(v) && typeof v.id === 'string' && typeof v.title === 'string';
const isBoard = (v: unknown): v is JobListResponse =>
  isRecord(v) && v.success === true && Array.isArray(v.data) && v.data.every(isJob) && isRecord(v.pageInfo);
const isJobAnswer = (v: unknown): v is JobResponse => isRecord(v) && v.success === true && isJob(v.data);

function screen(request: FirstScreenRequest) {
  const { route, answer } = request;
  if (route === '/hire' && isBoard(answer))
    return (
      <BoardList
        result={answer}
        error={null}
        onRetry={nothing}
        filters={NO_FILTERS}
        canApply
        onApply={nothing}
        onPage={nothing}
      />
    );
  if (route === '/hire/:id' && isJobAnswer(answer))
    return (
      <JobArticle job={answer.data} canApply onApply={nothing} viewer={visitor} origin={request.origin} />
    );
  return undefined;
}

/** The first screen's markup, or undefined for an answer this route does not draw (an error, a 404). */
export function render(request: FirstScreenRequest): string | undefined {
  const element = screen(request);
  if (!element) return undefined;
  // A server render reads the first render's language, as a hydrating page does (useTranslation's server
  // snapshot); the resources are in memory, so nothing suspends.
  settleFirstRender(request.language);
  return renderToString(
    <MemoryRouter initialEntries={[request.pathname]}>{element}</MemoryRouter>,
    // Its own ids: none may equal one of the page's, whose render this markup sits in.
    { identifierPrefix: 'first-screen-' },
  );
}
