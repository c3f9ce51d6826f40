import { ErrorAnswers, PageQuery, PaymentRequiredResponse } from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import {
  AwayQuery,
  BalancesListResponse,
  BalancesQuery,
  HolidayBody,
  HolidayChangeBody,
  HolidayListResponse,
  HolidayQuery,
  HolidayResponse,
  IdParams,
  LeaveDecisionBody,
  LeaveOpeningBody,
  LeaveOpeningResponse,
  LeaveQuoteQuery,
  LeaveQuoteResponse,
  LeaveRequestBody,
  LeaveRequestListResponse,
  LeaveRequestQuery,
  LeaveRequestResponse,
  LeaveRequestsCsvQuery,
  LeaveTypeBody,
  LeaveTypeChangeBody,
  LeaveTypeListResponse,
  LeaveTypeResponse,
  MyBalancesResponse,
  StaffIdParams,
  YearQuery,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { LeaveStore } from '../stores/leave-store';
import { EXPORT_MAX_ROWS, leaveBalancesSheet, leaveRequestsSheet } from '../domain/exports';
import { csvAnswers, mayExport, sendCsv, withinExportLimit } from './csv-file';
import { memberOf, requestInfo, secured } from './guard';

/**
 * Leave: every member reads the leave types and holidays, asks for their own leave and sees their
 * balances; HR sets types, holidays and the balances people brought in; the person's manager or HR
 * decides; HR and managers see balances, requests and who is away within their scope, and download the
 * balances and the requests as CSV.
 */
export default async function leaveRoutes(app: App, { leave, orgs }: { leave: LeaveStore; orgs: OrgStore }) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/leave/types',
    {
      ...member,
      schema: {
        ...secured,
        querystring: PageQuery,
        response: {
          200: LeaveTypeListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await leave.types(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/leave/types',
    {
      ...member,
      schema: {
        ...secured,
        body: LeaveTypeBody,
        response: {
          201: LeaveTypeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.createType(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/leave/types/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: LeaveTypeChangeBody,
        response: {
          200: LeaveTypeResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.changeType(
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
    '/api/core/holidays',
    {
      ...member,
      schema: {
        ...secured,
        querystring: HolidayQuery,
        response: { 200: HolidayListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { data, total, limit } = await leave.holidays(actor, request.query);
      return { success: true as const, data, pageInfo: { page: request.query.page ?? 1, limit, total } };
    },
  );

  app.post(
    '/api/core/holidays',
    {
      ...member,
      schema: {
        ...secured,
        body: HolidayBody,
        response: { 201: HolidayResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.addHoliday(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/holidays/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: HolidayChangeBody,
        response: {
          200: HolidayResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.changeHoliday(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/core/holidays/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: HolidayResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.removeHoliday(request.user, actor, request.params.id, requestInfo(request));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/leave/quote',
    {
      ...member,
      schema: {
        ...secured,
        querystring: LeaveQuoteQuery,
        response: {
          200: LeaveQuoteResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await leave.quote(await memberOf(orgs, request), request.query),
    }),
  );

  app.post(
    '/api/core/leave/requests',
    {
      ...member,
      schema: {
        ...secured,
        body: LeaveRequestBody,
        response: {
          201: LeaveRequestResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const { data, balance } = await leave.request(request.user, actor, request.body);
      return reply.status(201).send({ success: true, data, balance });
    },
  );

  app.get(
    '/api/core/leave/requests',
    {
      ...member,
      schema: {
        ...secured,
        querystring: LeaveRequestQuery,
        response: {
          200: LeaveRequestListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await leave.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/core/leave/requests.csv',
    {
      ...member,
      schema: { ...secured, querystring: LeaveRequestsCsvQuery, response: csvAnswers },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      mayExport(actor);
      const found = await leave.forExport(actor, request.query, EXPORT_MAX_ROWS);
      const rows = withinExportLimit(found.length > EXPORT_MAX_ROWS ? null : found);
      const places = await orgs.departments(actor.organisationId);
      const department = (id: string | null) => places.find((d) => d.id === id)?.name ?? null;
      return sendCsv(
        reply,
        'leave-requests',
        leaveRequestsSheet(rows, department, actor.timeZone),
        actor.timeZone,
      );
    },
  );

  app.patch(
    '/api/core/leave/requests/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: LeaveDecisionBody,
        response: {
          200: LeaveRequestResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.decide(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/core/leave/requests/:id/cancel',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: LeaveRequestResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await leave.cancel(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.get(
    '/api/core/leave/balances/me',
    {
      ...member,
      schema: {
        ...secured,
        querystring: YearQuery,
        response: {
          200: MyBalancesResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await leave.myBalances(await memberOf(orgs, request), request.query.year),
    }),
  );

  app.get(
    '/api/core/leave/balances',
    {
      ...member,
      schema: {
        ...secured,
        querystring: BalancesQuery,
        response: { 200: BalancesListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await leave.balances(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.put(
    '/api/core/leave/balances/:staffId/opening',
    {
      ...member,
      schema: {
        ...secured,
        params: StaffIdParams,
        body: LeaveOpeningBody,
        response: {
          200: LeaveOpeningResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await leave.setOpening(
        request.user,
        actor,
        request.params.staffId,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/leave/balances.csv',
    {
      ...member,
      schema: {
        ...secured,
        querystring: BalancesQuery,
        response: csvAnswers,
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      mayExport(actor);
      const { data } = await leave.balances(actor, request.query, EXPORT_MAX_ROWS);
      const rows = withinExportLimit(data.length > EXPORT_MAX_ROWS ? null : data);
      const places = await orgs.departments(actor.organisationId);
      const department = (id: string | null) => places.find((d) => d.id === id)?.name ?? null;
      return sendCsv(reply, 'leave-balances', leaveBalancesSheet(rows, department), actor.timeZone);
    },
  );

  app.get(
    '/api/core/leave/away',
    {
      ...member,
      schema: {
        ...secured,
        querystring: AwayQuery,
        response: {
          200: LeaveRequestListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await leave.away(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );
}
