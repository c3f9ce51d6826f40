import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import {
  ClockBody,
  ClockCodeBody,
  ClockCodeResponse,
  ClockCorrectionBody,
  ClockEntryListResponse,
  ClockEntryQuery,
  ClockEntryResponse,
  IdParams,
  MyClockResponse,
  TimesheetApprovalResponse,
  TimesheetApproveBody,
  TimesheetFilter,
  TimesheetListResponse,
  TimesheetQuery,
  TimesheetReopenBody,
} from '../../contract';
import { EXPORT_MAX_ROWS, timesheetsSheet } from '../domain/exports';
import { can } from '../domain/roles';
import type { OrgStore } from '../stores/org-store';
import type { TimeClockStore } from '../stores/time-clock-store';
import { csvAnswers, mayExport, sendCsv, withinExportLimit } from './csv-file';
import { memberOf, requestInfo, secured } from './guard';
import { pagedListRoute } from './paged-list';

/**
 * The time clock and timesheets: each member clocks themselves in and out and reads their own state; HR
 * and a ward's manager set and print its code; a person's manager or HR corrects their entries and approves
 * (or reopens) their timesheets; timesheets are read within one's scope (staff: their own) and exported for
 * payroll by HR and managers.
 */
export default async function timeClockRoutes(
  app: App,
  { clock, orgs }: { clock: TimeClockStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.post(
    '/api/core/clock',
    {
      ...member,
      schema: {
        ...secured,
        body: ClockBody,
        response: {
          200: MyClockResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clock.clock(await memberOf(orgs, request), request.body),
    }),
  );

  app.get(
    '/api/core/clock/me',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: MyClockResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await clock.mine(await memberOf(orgs, request)) }),
  );

  app.get(
    '/api/core/clock/entries',
    {
      ...member,
      schema: {
        ...secured,
        querystring: ClockEntryQuery,
        response: {
          200: ClockEntryListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { total, ...found } = await clock.entryList(actor, request.query);
      return { success: true as const, ...found, pageInfo: { page, limit, total } };
    },
  );

  app.patch(
    '/api/core/clock/entries/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ClockCorrectionBody,
        response: {
          200: ClockEntryResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await clock.correct(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/departments/:id/clock-code',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: ClockCodeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clock.code(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.put(
    '/api/core/departments/:id/clock-code',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ClockCodeBody,
        response: {
          200: ClockCodeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await clock.setCode(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  pagedListRoute(app, orgs, '/api/core/timesheets', {
    querystring: TimesheetQuery,
    response: TimesheetListResponse,
    list: async (actor, query) => {
      const { data, total } = await clock.timesheets(actor, query);
      return { data, total };
    },
  });

  app.get(
    '/api/core/timesheets.csv',
    { ...member, schema: { ...secured, querystring: TimesheetFilter, response: csvAnswers } },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      mayExport(actor);
      const rows = withinExportLimit(await clock.payrollRows(actor, request.query, EXPORT_MAX_ROWS));
      return sendCsv(
        reply,
        'timesheets',
        timesheetsSheet(rows, can(actor, 'staff.edit'), actor.timeZone),
        actor.timeZone,
      );
    },
  );

  app.post(
    '/api/core/timesheets/approve',
    {
      ...member,
      schema: {
        ...secured,
        body: TimesheetApproveBody,
        response: {
          201: TimesheetApprovalResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await clock.approve(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/api/core/timesheets/approvals/:id/reopen',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: TimesheetReopenBody,
        response: {
          200: TimesheetApprovalResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await clock.reopen(
        request.user,
        actor,
        request.params.id,
        request.body.reason,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );
}
