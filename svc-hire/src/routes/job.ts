import {
  ErrorAnswers,
  ErrorResponse,
  IdParams,
  MessageResponse,
  PagePreviewResponse,
  PaymentRequiredResponse,
} from '@platform/contracts';
import {
  JobBody,
  JobListResponse,
  JobPatch,
  JobQuery,
  JobResponse,
  LocationListResponse,
  LocationQuery,
  MyJobsQuery,
  PostedJobListResponse,
  HireErrors,
} from '../../contract';
import {
  AnswerCache,
  forbidden,
  notFound,
  pageOf,
  requireEntitlement,
  type App,
} from '@platform/service-kit';
import { actorOf } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404);
const secured = { tags: ['job'], security: [{ bearer: [] }] };

export default async function jobRoutes(app: App, { boardCacheMs }: { boardCacheMs: number }) {
  const jobs = app.jobs;
  // Every job change below clears it, so the change shows on the board at once.
  const board = new AnswerCache(boardCacheMs);
  // The board is the same for every viewer (it reads the query alone): the gateway may keep it too.
  const boardCaching = AnswerCache.sharedCacheControl(boardCacheMs);

  app.get(
    '/api/job/get',
    {
      schema: {
        tags: ['job'],
        querystring: JobQuery,
        response: { 200: JobListResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const key = AnswerCache.keyOf(request.query);
      let body = board.get(key);
      if (!body) {
        const { data, total, totalCapped } = await jobs.list(request.query);
        const { page, limit } = pageOf(request.query);
        body = reply.serialize({
          success: true,
          data,
          pageInfo: { page, limit, total, totalCapped },
        }) as string;
        board.set(key, body);
      }
      if (boardCaching) reply.header('cache-control', boardCaching);
      // A string is sent as is: the serialised answer is reused, not re-serialised.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/job/locations',
    {
      schema: {
        tags: ['job'],
        querystring: LocationQuery,
        response: { 200: LocationListResponse, 400: ErrorResponse },
      },
    },
    async (request) => ({ success: true as const, data: await jobs.locations(request.query.q) }),
  );

  app.get(
    '/api/job/mine',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, querystring: MyJobsQuery, response: { 200: PostedJobListResponse, ...errors } },
    },
    async (request) => {
      const { data, total } = await jobs.listOwned(actorOf(request).ownerId, request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/job/:id',
    { schema: { tags: ['job'], params: IdParams, response: { 200: JobResponse, ...errors } } },
    async (request) => {
      const job = await jobs.find(request.params.id);
      if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
      return { success: true as const, data: job };
    },
  );

  // The job page's link preview (the gateway's Open Graph tags): who, where, and the description's start.
  app.get(
    '/api/job/:id/preview',
    { schema: { tags: ['job'], params: IdParams, response: { 200: PagePreviewResponse, ...errors } } },
    async (request) => {
      const job = await jobs.find(request.params.id);
      if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
      const text = job.description.replace(/\s+/g, ' ').trim();
      const excerpt = text.length > 160 ? `${text.slice(0, 157)}...` : text;
      return {
        success: true as const,
        data: { title: job.title, description: `${job.organization}, ${job.location}. ${excerpt}` },
      };
    },
  );

  app.post(
    '/api/job/add',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        body: JobBody,
        response: { 201: JobResponse, 402: PaymentRequiredResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const entitlements = await jobs.entitlementsOf(actor.ownerId);
      // What the clinic bought, from svc-billing's events: Hire (or Core) within its open postings, else
      // an unused single listing (used up by this posting).
      const job = await jobs.create(actor, request.body, (gate) =>
        requireEntitlement(
          entitlements,
          'hire',
          { name: 'openPostings', current: gate.openCount },
          (unused) => gate.firstUnused(unused),
        ),
      );
      board.clear();
      return reply.status(201).send({ success: true, message: 'Job posted.', data: job });
    },
  );

  /** Loads a live job and checks the caller's organisation posted it. */
  async function ownJob(id: string, ownerId: string) {
    const row = await jobs.findRow(id);
    if (!row || row.deletedAt) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
    if (row.ownerId !== ownerId)
      throw forbidden('Only the clinic that posted this job can change it.', HireErrors.notJobOwner);
    return row;
  }

  app.patch(
    '/api/job/:id',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, params: IdParams, body: JobPatch, response: { 200: JobResponse, ...errors } },
    },
    async (request) => {
      await ownJob(request.params.id, actorOf(request).ownerId);
      const job = await jobs.update(request.params.id, request.body);
      board.clear();
      if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
      return { success: true as const, message: 'Job updated.', data: job };
    },
  );

  // Closes the job now (no more applications); a closing date of today or later opens it again.
  app.post(
    '/api/job/:id/close',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, params: IdParams, response: { 200: JobResponse, ...errors } },
    },
    async (request) => {
      await ownJob(request.params.id, actorOf(request).ownerId);
      const job = await jobs.close(request.params.id);
      board.clear();
      if (!job) throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
      return { success: true as const, message: 'Job closed.', data: job };
    },
  );

  app.delete(
    '/api/job/:id',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await ownJob(request.params.id, actorOf(request).ownerId);
      if (!(await jobs.remove(request.params.id)))
        throw notFound('This job is no longer available.', HireErrors.jobUnavailable);
      board.clear();
      return { success: true, message: 'Job removed. Its applicants keep their application history.' };
    },
  );
}
