import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import {
  CredentialBody,
  CredentialFilters,
  CredentialListResponse,
  CredentialQuery,
  CredentialResponse,
  IdParams,
  RevokeBody,
} from '../../contract';
import type { CredentialStore } from '../stores/credential-store';
import type { OrgStore } from '../stores/org-store';
import { pagedListRoute } from './paged-list';
import { memberOf, requestInfo, secured } from './guard';
import { csvAnswers, mayExport, sendCsv, withinExportLimit } from './csv-file';
import { credentialsSheet, EXPORT_MAX_ROWS } from '../domain/exports';
import { documentFileRoutes } from './document-file';

/** Credentials: a professional adds their own; HR adds members', lists those expiring and verifies them. */
export default async function credentialRoutes(
  app: App,
  { credentials, orgs }: { credentials: CredentialStore; orgs: OrgStore },
) {
  app.post(
    '/api/core/credentials',
    {
      preHandler: app.requireRole('user', 'Clinic'),
      schema: {
        ...secured,
        body: CredentialBody,
        response: {
          201: CredentialResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      // One's own licence needs no organisation; someone else's needs HR of theirs.
      const own = !request.body.personId || request.body.personId === request.user.sub;
      const actor = own && !request.user.orgId ? null : await memberOf(orgs, request);
      const data = await credentials.create(request.user, actor, request.body);
      return reply.status(201).send({ success: true, data });
    },
  );

  pagedListRoute(app, orgs, '/api/core/credentials', {
    querystring: CredentialQuery,
    response: CredentialListResponse,
    list: (actor, query) => credentials.list(actor, query),
  });

  // The list as filtered (e.g. expiring within 60 days), every page of it, within the caller's scope.
  app.get(
    '/api/core/credentials.csv',
    {
      preHandler: app.requireRole('user', 'Clinic'),
      schema: { ...secured, querystring: CredentialFilters, response: csvAnswers },
    },
    async (request, reply) => {
      const actor = await memberOf(orgs, request);
      mayExport(actor);
      const rows = withinExportLimit(await credentials.exportRows(actor, request.query, EXPORT_MAX_ROWS));
      return sendCsv(reply, 'credentials', credentialsSheet(rows, actor.timeZone), actor.timeZone);
    },
  );

  app.post(
    '/api/core/credentials/:id/verify',
    {
      preHandler: app.requireRole('user', 'Clinic'),
      schema: {
        ...secured,
        params: IdParams,
        response: {
          200: CredentialResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await credentials.verify(request.user, actor, request.params.id, requestInfo(request));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/core/credentials/:id/revoke',
    {
      preHandler: app.requireRole('user', 'Clinic'),
      schema: {
        ...secured,
        params: IdParams,
        body: RevokeBody,
        response: {
          200: CredentialResponse,
          402: PaymentRequiredResponse,
          ...ErrorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await credentials.revoke(
        request.user,
        actor,
        request.params.id,
        request.body.reason.trim(),
        requestInfo(request),
      );
      return { success: true as const, data };
    },
  );

  // The scanned licence: its holder (with or without an organisation) and their organisation's HR.
  const callerOf = async (request: Parameters<typeof memberOf>[1]) =>
    request.user.orgId ? memberOf(orgs, request) : null;
  await documentFileRoutes(app, {
    path: '/api/core/credentials',
    description: 'the scanned licence (a PDF or an image)',
    response: CredentialResponse,
    read: async (request) => credentials.file(request.user, await callerOf(request), request.params.id),
    store: async (request, name, bytes) =>
      credentials.attachFile(request.user, await callerOf(request), request.params.id, name, bytes),
  });
}
