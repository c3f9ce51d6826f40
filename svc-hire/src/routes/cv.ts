import type { FastifyReply } from 'fastify';
import { ErrorAnswers, FileAnswer, IdParams, MessageResponse } from '@platform/contracts';
import { CV_MAX_BYTES, CvResponse, CvUploadQuery } from '../../contract';
import type { App } from '@platform/service-kit';
import { scopeOf } from '../stores/application-store';
import { checkCv, cvNotFound, cvTooLarge, type CvFile } from '../stores/cv-store';
import { actorOf } from './actor';

const errors = ErrorAnswers(400, 401, 403, 404, 409, 413, 415);
const secured = { tags: ['cv'], security: [{ bearer: [] }] };
const pdfFile = { 200: FileAnswer('application/pdf', 'the PDF'), ...errors };

/** A stored PDF as a download, never rendered or cached on the way. */
function sendPdf(reply: FastifyReply, cv: CvFile | undefined) {
  if (!cv) throw cvNotFound();
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${cv.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(cv.content);
}

/**
 * A professional's stored CV (`PUT /api/cv` with the PDF's raw bytes) and its downloads: the owner's
 * own, and an application's for the job's organisation, an admin or the applicant (404 for anyone else).
 */
export default async function cvRoutes(app: App) {
  const cvs = app.cvs;
  // Any declared type is read as bytes (this plugin only): the content decides, not the header.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CV_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.put(
    '/api/cv',
    {
      bodyLimit: CV_MAX_BYTES,
      // Refused from the declared length before a byte is read; a chunked body stops at bodyLimit.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > CV_MAX_BYTES) throw cvTooLarge();
      },
      preHandler: app.requireRole('user'),
      schema: {
        ...secured,
        querystring: CvUploadQuery,
        consumes: ['application/pdf'],
        response: { 200: CvResponse, ...errors },
      },
    },
    async (request) => {
      const cv = await cvs.upload(request.user.sub, request.query.name, checkCv(request.body));
      return { success: true as const, message: 'CV saved.', data: cv };
    },
  );

  app.get(
    '/api/cv',
    { preHandler: app.requireRole('user'), schema: { ...secured, response: { 200: CvResponse, ...errors } } },
    async (request) => ({ success: true as const, data: (await cvs.current(request.user.sub)) ?? null }),
  );

  app.get(
    '/api/cv/file',
    { preHandler: app.requireRole('user'), schema: { ...secured, response: pdfFile } },
    async (request, reply) => sendPdf(reply, await cvs.file(request.user.sub)),
  );

  app.delete(
    '/api/cv',
    {
      preHandler: app.requireRole('user'),
      schema: { ...secured, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await cvs.remove(request.user.sub);
      return { success: true, message: 'CV deleted.' };
    },
  );

  app.get(
    '/api/application/:id/cv',
    { preHandler: app.authenticate, schema: { ...secured, params: IdParams, response: pdfFile } },
    async (request, reply) => {
      const scope = scopeOf(actorOf(request));
      const cv = await cvs.applicationFile(scope, request.params.id);
      // An admin reading someone's CV (neither its owner nor the clinic it was sent to) is audited.
      if (cv && scope.kind === 'all')
        await cvs.recordAdminDownload(
          { actor: request.user, request: { ip: request.ip, id: request.id } },
          request.params.id,
          cv.fileName,
        );
      return sendPdf(reply, cv);
    },
  );
}
