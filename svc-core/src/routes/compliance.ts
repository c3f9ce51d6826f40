import { ErrorAnswers, FileAnswer, PaymentRequiredResponse } from '@platform/contracts';
import { DOCUMENT_FORMATS, pageOf, type App } from '@platform/service-kit';
import {
  COMPLIANCE_FILE_MAX_BYTES,
  ComplianceBody,
  ComplianceChangeBody,
  ComplianceFileQuery,
  ComplianceListResponse,
  ComplianceQuery,
  ComplianceResponse,
  ComplianceTypesResponse,
  IdParams,
  OrganisationBody,
  OrganisationResponse,
} from '../../contract';
import { fileTooLarge, type ComplianceStore } from '../stores/compliance-store';
import type { OrgStore } from '../stores/org-store';
import { memberOf, requestInfo, secured } from './guard';

const FORMATS = Object.keys(DOCUMENT_FORMATS);
/** A stored file as a download: any of the formats a document may be. */
const documentFile = {
  description: 'the document (a PDF or an image)',
  content: Object.fromEntries(FORMATS.map((f) => [f, FileAnswer(f, '').content[f]])),
};

/**
 * The organisation's own documents (and each one's scan or photo), its facility type and the types it must
 * hold: HR's alone (owner, HR admin); a manager or staff member is refused (403) and sees none.
 */
export default async function complianceRoutes(
  app: App,
  { compliance, orgs }: { compliance: ComplianceStore; orgs: OrgStore },
) {
  const member = { preHandler: app.requireRole('user', 'Clinic') };

  app.get(
    '/api/core/compliance/types',
    {
      ...member,
      schema: {
        ...secured,
        response: { 200: ComplianceTypesResponse, 402: PaymentRequiredResponse, ...ErrorAnswers(401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await compliance.types(await memberOf(orgs, request)),
    }),
  );

  app.get(
    '/api/core/compliance',
    {
      ...member,
      schema: {
        ...secured,
        querystring: ComplianceQuery,
        response: {
          200: ComplianceListResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const { page, limit } = pageOf(request.query);
      const { data, total } = await compliance.list(actor, request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/core/compliance',
    {
      ...member,
      schema: {
        ...secured,
        body: ComplianceBody,
        response: {
          201: ComplianceResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      const data = await compliance.create(request.user, actor, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.patch(
    '/api/core/compliance/:id',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        body: ComplianceChangeBody,
        response: {
          200: ComplianceResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await compliance.change(
        request.user,
        actor,
        request.params.id,
        request.body,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/core/organisation',
    {
      ...member,
      schema: {
        ...secured,
        body: OrganisationBody,
        response: {
          200: OrganisationResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await compliance.setFacilityType(
        request.user,
        actor,
        request.body.facilityType,
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/core/compliance/:id/file',
    {
      ...member,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: documentFile, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await compliance.file(await memberOf(orgs, request), request.params.id);
      // Sent as an attachment, never rendered or cached on the way.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  await app.register(async (files: App) => {
    // Any declared type is read as bytes (this plugin only): the content decides, not the header.
    files.removeAllContentTypeParsers();
    files.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: COMPLIANCE_FILE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    files.put(
      '/api/core/compliance/:id/file',
      {
        ...member,
        bodyLimit: COMPLIANCE_FILE_MAX_BYTES,
        // Refused from the declared length before a byte is read; a chunked body stops at bodyLimit.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > COMPLIANCE_FILE_MAX_BYTES)
            throw fileTooLarge();
        },
        schema: {
          ...secured,
          params: IdParams,
          querystring: ComplianceFileQuery,
          consumes: FORMATS,
          response: {
            200: ComplianceResponse,
            402: PaymentRequiredResponse,
            ...ErrorAnswers(400, 401, 403, 404, 413, 415),
          },
        },
      },
      async (request) => {
        const actor = await memberOf(orgs, request);
        const data = await compliance.attach(
          request.user,
          actor,
          request.params.id,
          request.query.name,
          request.body,
        );
        return { success: true as const, data };
      },
    );
  });
}
