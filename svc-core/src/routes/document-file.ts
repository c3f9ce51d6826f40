import type { FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { ErrorAnswers, FileAnswer, PaymentRequiredResponse } from '@platform/contracts';
import { DOCUMENT_FORMATS, type App } from '@platform/service-kit';
import { DOCUMENT_FILE_MAX_BYTES, DocumentFileQuery, IdParams } from '../../contract';
import { fileTooLarge } from '../stores/document-files';
import { secured } from './guard';

const FORMATS = Object.keys(DOCUMENT_FORMATS);

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
type StoredBytes = { fileName: string; contentType: string; content: Buffer };

/**
 * `GET` and `PUT <path>/:id/file`: a scanned document's download and upload, the one way svc-core serves
 * one (a compliance document's, a credential's). The upload is read as bytes whatever type it declares (the
 * content decides), refused from its declared length before a byte is read; the download is an attachment,
 * never rendered or cached on the way. `read` and `store` check who may.
 */
export async function documentFileRoutes(
  app: App,
  options: {
    path: string;
    description: string;
    /** The subject's answer after an upload. */
    response: TSchema;
    read: (request: IdRequest) => Promise<StoredBytes>;
    store: (request: IdRequest, name: string | undefined, bytes: unknown) => Promise<unknown>;
  },
) {
  const preHandler = app.requireRole('user', 'Clinic');
  const url = `${options.path}/:id/file`;
  const documentFile = {
    description: options.description,
    content: Object.fromEntries(FORMATS.map((f) => [f, FileAnswer(f, '').content[f]])),
  };

  app.get(
    url,
    {
      preHandler,
      schema: {
        ...secured,
        params: IdParams,
        response: { 200: documentFile, 402: PaymentRequiredResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await options.read(request);
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
      { parseAs: 'buffer', bodyLimit: DOCUMENT_FILE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    files.put(
      url,
      {
        preHandler,
        bodyLimit: DOCUMENT_FILE_MAX_BYTES,
        // Refused from the declared length before a byte is read; a chunked body stops at bodyLimit.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_FILE_MAX_BYTES) throw fileTooLarge();
        },
        schema: {
          ...secured,
          params: IdParams,
          querystring: DocumentFileQuery,
          consumes: FORMATS,
          response: {
            200: options.response,
            402: PaymentRequiredResponse,
            ...ErrorAnswers(400, 401, 403, 404, 413, 415),
          },
        },
      },
      async (request) => ({
        success: true as const,
        data: await options.store(request, request.query.name, request.body),
      }),
    );
  });
}
