import { ErrorAnswers } from '@platform/contracts';
import { AuditQuery, AuditResponse, AuditVerifyResponse } from '../../contract';
import { pageOf, type App } from '@platform/service-kit';
import { toAuditEntry } from '../stores/audit-store';

const errors = ErrorAnswers(400, 401, 403);
const secured = { tags: ['audit'], security: [{ bearer: [] }] };

/** The audit log of every service's admin actions, and its tamper check: the admin's alone. */
export default async function auditRoutes(app: App) {
  const onlyAdmin = app.requireRole('admin');

  app.get(
    '/api/admin/audit',
    {
      preHandler: onlyAdmin,
      schema: { ...secured, querystring: AuditQuery, response: { 200: AuditResponse, ...errors } },
    },
    async (request) => {
      const { rows, total, totalCapped } = await app.audit.list(request.query);
      const { page, limit } = pageOf(request.query);
      return {
        success: true as const,
        data: rows.map(toAuditEntry),
        pageInfo: { page, limit, total, totalCapped },
      };
    },
  );

  app.get(
    '/api/admin/audit/verify',
    { preHandler: onlyAdmin, schema: { ...secured, response: { 200: AuditVerifyResponse, ...errors } } },
    async () => ({ success: true as const, ...(await app.audit.verify()) }),
  );
}
