import type { MessageResponse } from '@platform/contracts';
import type {
  CalendarFeedResponse,
  CalendarFeedStateResponse,
  CertificateCheckResponse,
  CheckinBody,
  CheckinCountResponse,
  CheckinResponse,
  CpdResponse,
  EventBody,
  EventListResponse,
  EventPatch,
  EventResponse,
  MyEventsResponse,
  RegistrantListResponse,
  RegistrationResponse,
} from '@platform/svc-events/contract';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

/**
 * The one way mf-events talks to svc-events: every call, typed by the contract's request and response
 * types (`import type`: no schema code reaches the browser). Reads are endpoints for `useApiQuery` /
 * `useApiPages`; writes return the `apiRequest` result.
 */
export const eventsApi = {
  /** The public list; `query` is the filters' query string. */
  list: (query: string) => endpoint<EventListResponse>(`/api/event/get?${query}`),
  /** One event; with a token it carries the caller's registration (and the online link once confirmed). */
  event: (id: string) => endpoint<EventResponse>(`/api/event/${id}`),
  /** An event's registrants, for its organiser. */
  registrants: (id: string, page: number, limit: number) =>
    endpoint<RegistrantListResponse>(`/api/event/${id}/registrations?page=${page}&limit=${limit}`),
  /** The organiser's own events (upcoming or past), with seat counts and the online link. */
  mine: (when: 'upcoming' | 'past', page: number, limit: number) =>
    endpoint<MyEventsResponse>(`/api/event/mine?when=${when}&page=${page}&limit=${limit}`),
  /** The signed-in person's registrations with their events (upcoming or past). */
  myRegistrations: (when: 'upcoming' | 'past', page: number, limit: number) =>
    endpoint<MyEventsResponse>(`/api/event/registrations/me?when=${when}&page=${page}&limit=${limit}`),
  /** "12 of 30 checked in": an event's confirmed seats and check-ins, for its organiser. */
  checkinCount: (id: string) => endpoint<CheckinCountResponse>(`/api/event/${id}/checkins/count`),
  /** The signed-in person's CPD points and certificates for a year. */
  cpd: (year: number) => endpoint<CpdResponse>(`/api/event/cpd/me?year=${year}`),
  /** Whether a certificate is genuine (public). */
  certificate: (id: string) => endpoint<CertificateCheckResponse>(`/api/event/certificates/${id}`),

  postEvent: (body: EventBody) => apiRequest<EventResponse>('/api/event/add', { method: 'POST', body }),
  updateEvent: (id: string, body: EventPatch) =>
    apiRequest<EventResponse>(`/api/event/${id}`, { method: 'PATCH', body }),
  cancelEvent: (id: string) => apiRequest<MessageResponse>(`/api/event/${id}`, { method: 'DELETE' }),
  register: (id: string) =>
    apiRequest<RegistrationResponse>(`/api/event/${id}/registrations`, { method: 'POST' }),
  unregister: (id: string) =>
    apiRequest<MessageResponse>(`/api/event/${id}/registrations/me`, { method: 'DELETE' }),
  checkIn: (id: string, ticket: string) =>
    apiRequest<CheckinResponse>(`/api/event/${id}/checkins`, {
      method: 'POST',
      body: { ticket } satisfies CheckinBody,
    }),
  /** A new private calendar feed address (revokes the previous one). */
  calendarFeed: () => endpoint<CalendarFeedStateResponse>('/api/event/calendar/token'),
  newCalendarFeed: () => apiRequest<CalendarFeedResponse>('/api/event/calendar/token', { method: 'POST' }),
  revokeCalendarFeed: () => apiRequest<MessageResponse>('/api/event/calendar/token', { method: 'DELETE' }),
  /** One event as a calendar file: public (no online link), so a plain download link. */
  icsPath: (id: string) => `/api/event/${id}/ics`,
  /** Downloads carry the bearer token, which a plain link cannot: fetched as files. */
  registrantsCsv: (id: string) => apiFile(`/api/event/${id}/registrations.csv`),
  certificatePdf: (id: string) => apiFile(`/api/event/certificates/${id}/pdf`),
};
