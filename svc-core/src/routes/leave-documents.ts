import { ErrorAnswers, PaymentRequiredResponse } from '@platform/contracts';
import type { App } from '@platform/service-kit';
import { IdParams, LeaveRequestResponse } from '../../contract';
import type { LeaveDocumentStore } from '../stores/leave-documents';
import type { OrgStore } from '../stores/org-store';
import { documentFileRoutes } from './document-file';
import { memberOf, requestInfo, secured } from './guard';

/**
 * A leave request's document (a sick note): attached or replaced (`PUT`) and removed (`DELETE`) while the
 * request is pending by the person or HR; opened (`GET`) by the person, their managers and HR.
 */
export default async function leaveDocumentRoutes(
  app: App,
  { documents, orgs }: { documents: LeaveDocumentStore; orgs: OrgStore },
) {
  await documentFileRoutes(app, {
    path: '/api/core/leave/requests',
    description: "the leave request's document, e.g. a sick note (a PDF or an image)",
    response: LeaveRequestResponse,
    read: async (request) => documents.file(await memberOf(orgs, request), request.params.id),
    store: async (request, name, bytes) =>
      documents.attach(
        request.user,
        await memberOf(orgs, request),
        request.params.id,
        name,
        bytes,
        requestInfo(request),
      ),
  });

  app.delete(
    '/api/core/leave/requests/:id/file',
    {
      preHandler: app.requireRole('user', 'Clinic'),
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
    async (request) => {
      const actor = await memberOf(orgs, request);
      const data = await documents.remove(request.user, actor, request.params.id, requestInfo(request));
      return { success: true as const, data };
    },
  );
}
