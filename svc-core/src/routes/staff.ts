import { ErrorAnswers, Ok, PaymentRequiredResponse } from '@platform/contracts';
import { badRequest, pageOf, refusal, type App } from '@platform/service-kit';
import {
  CoreErrors,
  DashboardResponse,
  IdParams,
  ImportQuery,
  ImportRefused,
  ImportResponse,
  PlaceBody,
  PlaceResponse,
  PlacesResponse,
  RoleBody,
  StaffDetailResponse,
  StaffListResponse,
  StaffMember,
  StaffChangeBody,
  StaffFilters,
  StaffQuery,
} from '../../contract';
import { EXPORT_MAX_ROWS, staffSheet } from '../domain/exports';
import { isHr } from '../domain/roles';
import type { OrgStore } from '../stores/org-store';
import { requireDashboardReader, type StaffStore } from '../stores/staff-store';
import type { ComplianceStore } from '../stores/compliance-store';
import type { TrainingStore } from '../stores/training-store';
import { memberOf, requestInfo, secured } from './guard';
import { csvAnswers, mayExport, sendCsv, withinExportLimit } from './csv-file';

/** A hospital's 2,000 rows fit well within this. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

type Stores = { staff: StaffStore; orgs: OrgStore; compliance: ComplianceStore; trainings: TrainingStore };

/** Staff records, places, roles and the dashboard: each read within the caller's scope, each write HR's. */
export default async function staffRoutes(app: App, { staff, orgs, compliance, trainings }: Stores) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/staff',
    {
      ...member,
      schema: {
        ...secured,
        querystring: StaffQuery,
        response: { 200: StaffListResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await staff.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  // The list as filtered, every page of it; the sensitive columns in HR's file only.
  app.get(
    '/api/core/staff.csv',
    { ...member, schema: { ...secured, querystring: StaffFilters, response: csvAnswers } },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      mayExport(actor);
      const rows = withinExportLimit(await staff.exportRows(actor, request.query, EXPORT_MAX_ROWS));
      const { locations, departments } = await staff.places(actor);
      const names = new Map([...locations, ...departments].map((p) => [p.id, p.name]));
      const placeName = (id: string | null) => (id ? (names.get(id) ?? null) : null);
      return sendCsv(reply, 'staff', staffSheet(rows, placeName, isHr(actor)), actor.timeZone);
    },
  );

  // Before `/:id`: one's own record, found by the session (the owner has none: a 404).
  app.get(
    '/api/core/staff/me',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: StaffDetailResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await staff.mine(await memberOf(orgs, request)) }),
  );

  app.get(
    '/api/core/staff/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: StaffDetailResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await staff.get(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.patch(
    '/api/core/staff/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: StaffChangeBody,
        response: {
          200: Ok({ data: StaffMember }),
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await staff.change(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/core/staff/:id/role',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: RoleBody,
        response: {
          200: Ok({ data: StaffMember }),
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await staff.assignRole(
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
    '/api/core/places',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: PlacesResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => ({ success: true as const, data: await staff.places(await memberOf(orgs, request)) }),
  );

  for (const kind of ['location', 'department'] as const)
    app.post(
      `/api/core/${kind}s`,
      {
        ...member,
        schema: {
          ...secured,
          body: PlaceBody,
          response: { 201: PlaceResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const data = await staff.addPlace(await memberOf(orgs, request), kind, request.body.name);
        return reply.status(201).send({ success: true, data });
      },
    );

  app.get(
    '/api/core/dashboard',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: DashboardResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      requireDashboardReader(actor); // before the parts: the trainings' first read seeds the defaults
      // Each part reads on its own: asked at once.
      const [figures, documents, training] = await Promise.all([
        staff.dashboard(actor),
        compliance.summary(actor),
        trainings.summary(actor),
      ]);
      return { success: true as const, data: { ...figures, compliance: documents, trainings: training } };
    },
  );

  await app.register(async (csv) => {
    // The import's body is the spreadsheet's text, as saved (this plugin only).
    csv.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    csv.post(
      '/api/core/staff/import',
      {
        ...member,
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          ...secured,
          consumes: ['text/csv'],
          querystring: ImportQuery,
          response: {
            200: ImportResponse,
            422: ImportRefused,
            402: PaymentRequiredResponse,
            ...ErrorAnswers(400, 401, 403, 413, 415),
          },
        },
      },
      async (request, reply) => {
        if (typeof request.body !== 'string') throw badRequest('Send the CSV file as text/csv.');
        const actor = await memberOf(orgs, request);
        const flag = (request.query as { dryRun?: string }).dryRun;
        const dryRun = flag === '1' || flag === 'true';
        const data = await staff.import(request.user, actor, request.body, dryRun, requestInfo(request));
        if (!dryRun && data.problems.length > 0)
          return reply
            .status(422)
            .send(
              refusal(
                `The file has ${data.problems.length} problem(s); nothing was imported.`,
                CoreErrors.importInvalid,
                { data },
              ),
            );
        return { success: true as const, data };
      },
    );
  });
}
