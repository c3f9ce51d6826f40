import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { ErrorAnswers, FileAnswer, PageQuery, PaymentRequiredResponse } from '@platform/contracts';
import { HttpError, pageOf, type App } from '@platform/service-kit';
import {
  ContractBody,
  ContractCheckResponse,
  ContractCodeResponse,
  ContractListResponse,
  ContractQuery,
  ContractRecordResponse,
  ContractResponse,
  ContractSignBody,
  ContractTemplateBody,
  ContractTemplateListResponse,
  ContractTemplatePatch,
  ContractTemplateResponse,
  CoreErrors,
  DOCUMENT_FILE_MAX_BYTES,
  IdParams,
} from '../../contract';
import type { OrgStore } from '../stores/org-store';
import type { ContractStore } from '../stores/contract-store';
import { fileTooLarge } from '../stores/document-files';
import { pagedListRoute } from './paged-list';
import { memberOf, requestInfo, secured } from './guard';

/**
 * Contracts: HR's templates and a member's contracts (made, sent, ended); each party asks for a one-time code
 * and signs with it; the record by id for HR and the person; anyone's check of a PDF against the record.
 */
export default async function contractRoutes(
  app: App,
  { contracts, orgs }: { contracts: ContractStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };
  const answers = (ok: number, body: unknown, ...codes: number[]) => ({
    [ok]: body,
    402: PaymentRequiredResponse,
    ...ErrorAnswers(400, 401, 403, 404, ...codes),
  });

  pagedListRoute(app, orgs, '/api/core/contract-templates', {
    querystring: PageQuery,
    response: ContractTemplateListResponse,
    list: (actor, query) => contracts.listTemplates(actor, query),
  });

  app.post(
    '/api/core/contract-templates',
    {
      ...member,
      schema: {
        ...secured,
        body: ContractTemplateBody,
        response: answers(201, ContractTemplateResponse, 409, 422),
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await contracts.createTemplate(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/contract-templates/:id',
    { ...member, schema: { ...secured, params: IdParams, response: answers(200, ContractTemplateResponse) } },
    async (request) => ({
      success: true as const,
      data: await contracts.getTemplate(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.patch(
    '/api/core/contract-templates/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ContractTemplatePatch,
        response: answers(200, ContractTemplateResponse, 409, 422),
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await contracts.updateTemplate(
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
    '/api/core/contracts',
    {
      ...member,
      schema: { ...secured, querystring: ContractQuery, response: answers(200, ContractListResponse) },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await contracts.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/contracts',
    { ...member, schema: { ...secured, body: ContractBody, response: answers(201, ContractResponse, 422) } },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await contracts.create(request.user, actor, request.body, requestInfo(request));
      return reply.status(201).send({ success: true, data });
    },
  );

  app.get(
    '/api/core/contracts/:id',
    { ...member, schema: { ...secured, params: IdParams, response: answers(200, ContractResponse) } },
    async (request) => ({
      success: true as const,
      data: await contracts.get(await memberOf(orgs, request), request.params.id),
    }),
  );

  app.get(
    '/api/core/contracts/:id/pdf',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: FileAnswer('application/pdf', 'the contract'),
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await contracts.pdf(await memberOf(orgs, request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  const action = (
    path: string,
    run: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<unknown>,
    response: TSchema = ContractResponse,
  ) =>
    app.post<{ Params: { id: string } }>(
      `/api/core/contracts/:id/${path}`,
      { ...member, schema: { ...secured, params: IdParams, response: answers(200, response, 409, 422) } },
      async (request) => ({ success: true as const, data: await run(request) }),
    );

  action('send', async (request) =>
    contracts.send(request.user, await memberOf(orgs, request), request.params.id, requestInfo(request)),
  );
  action('end', async (request) =>
    contracts.end(request.user, await memberOf(orgs, request), request.params.id, requestInfo(request)),
  );
  // A code at most once a minute and five times an hour per contract and person: 429 with Retry-After.
  app.post(
    '/api/core/contracts/:id/code',
    {
      ...member,
      schema: { ...secured, params: IdParams, response: answers(200, ContractCodeResponse, 409, 422, 429) },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      try {
        return { success: true as const, data: await contracts.requestCode(actor, request.params.id) };
      } catch (err) {
        const retryAfter = err instanceof HttpError ? err.details?.retryAfter : undefined;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        throw err;
      }
    },
  );

  app.post(
    '/api/core/contracts/:id/sign',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ContractSignBody,
        response: answers(200, ContractResponse, 409, 422),
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await contracts.sign(request.user, actor, request.params.id, request.body.code, {
        ...requestInfo(request),
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/contracts/:id/verify',
    { ...member, schema: { ...secured, params: IdParams, response: answers(200, ContractRecordResponse) } },
    async (request) => ({
      success: true as const,
      data: await contracts.record(await memberOf(orgs, request), request.params.id),
    }),
  );

  // Anyone holding a contract's PDF checks it: its bytes (at most 5 MB), whatever type is declared.
  await app.register(async (files: App) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: DOCUMENT_FILE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    files.post(
      '/api/core/contracts/verify',
      {
        bodyLimit: DOCUMENT_FILE_MAX_BYTES,
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_FILE_MAX_BYTES) throw fileTooLarge();
        },
        schema: {
          tags: ['core'],
          consumes: ['application/pdf', 'application/octet-stream'],
          body: Type.Any({ description: 'the PDF' }),
          response: { 200: ContractCheckResponse, ...ErrorAnswers(400, 413, 415) },
        },
      },
      async (request) => {
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
          throw new HttpError(415, 'Send the contract as a PDF.', CoreErrors.contractFileType);
        return { success: true as const, data: await contracts.check(bytes) };
      },
    );
  });
}
