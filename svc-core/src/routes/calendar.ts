import { CalendarQuery, CalendarResponse } from '../../contract';
import type { App } from '@platform/service-kit';
import type { CalendarStore } from '../stores/calendar-store';
import type { OrgStore } from '../stores/org-store';
import { pagedListRoute } from './paged-list';

/** The team calendar: HR and managers, a page of people in their scope with their shifts and leave. */
export default async function calendarRoutes(
  app: App,
  { calendar, orgs }: { calendar: CalendarStore; orgs: OrgStore },
) {
  pagedListRoute(app, orgs, '/api/core/calendar', {
    querystring: CalendarQuery,
    response: CalendarResponse,
    list: (actor, query) => calendar.calendar(actor, query),
  });
}
