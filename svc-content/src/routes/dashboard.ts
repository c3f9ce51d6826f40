import { Readable } from 'node:stream';
import { ErrorAnswers, FileAnswer } from '@platform/contracts';
import {
  DashboardClinicsResponse,
  DashboardStatsResponse,
  DashboardUsersQuery,
  DashboardUsersResponse,
  LatestUsersResponse,
  SeriesQuery,
  SeriesResponse,
} from '../../contract';
import { CSV_BOM, csvLine, pageOf, type App } from '@platform/service-kit';
import { Type } from '@sinclair/typebox';
import { toDashboardUser } from '../stores/people-store';
import { adminBy } from './admin-by';

const errors = ErrorAnswers(400, 401, 403);
const secured = { tags: ['dashboard'], security: [{ bearer: [] }] };
const LatestQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});
const CSV_HEADER = ['Name', 'Email', 'Role', 'Designation', 'Phone', 'Address', 'Joined'];

/** The admin's dashboard: accounts (from identity's events), weekly activity, the accounts export. */
export default async function dashboardRoutes(app: App) {
  const { accounts } = app;
  const onlyAdmin = app.requireRole('admin');

  app.get(
    '/api/dashboard/total-users',
    { preHandler: onlyAdmin, schema: { ...secured, response: { 200: DashboardStatsResponse, ...errors } } },
    async () => ({ success: true as const, ...(await accounts.counts()) }),
  );

  app.get(
    '/api/dashboard/latest-users',
    {
      preHandler: onlyAdmin,
      schema: { ...secured, querystring: LatestQuery, response: { 200: LatestUsersResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      latestUsers: (await accounts.latest(request.query.limit ?? 10)).map(toDashboardUser),
    }),
  );

  app.get(
    '/api/dashboard/users',
    {
      preHandler: onlyAdmin,
      schema: {
        ...secured,
        querystring: DashboardUsersQuery,
        response: { 200: DashboardUsersResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await accounts.ofRole('user', request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, users: rows.map(toDashboardUser), pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/dashboard/clinics',
    {
      preHandler: onlyAdmin,
      schema: {
        ...secured,
        querystring: DashboardUsersQuery,
        response: { 200: DashboardClinicsResponse, ...errors },
      },
    },
    async (request) => {
      const { rows, total } = await accounts.ofRole('Clinic', request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, clinics: rows.map(toDashboardUser), pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/dashboard/series',
    {
      preHandler: onlyAdmin,
      schema: { ...secured, querystring: SeriesQuery, response: { 200: SeriesResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      series: await app.activity.series(request.query.weeks ?? 12),
    }),
  );

  // Every professional and clinic as users_clinics.csv, streamed a batch at a time (see everyAccount).
  app.get(
    '/api/dashboard/export.csv',
    {
      preHandler: onlyAdmin,
      schema: {
        ...secured,
        response: {
          200: FileAnswer('text/csv', 'users_clinics.csv: every professional and clinic'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await accounts.recordExport(adminBy(request));
      async function* lines() {
        yield CSV_BOM + csvLine(CSV_HEADER);
        for await (const batch of accounts.everyAccount()) {
          yield batch
            .map((u) =>
              csvLine([
                u.name,
                u.email,
                u.role,
                u.designation,
                u.phone,
                u.address,
                u.accountCreatedAt.toISOString().slice(0, 10),
              ]),
            )
            .join('');
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users_clinics.csv"')
        .send(Readable.from(lines()));
    },
  );
}
