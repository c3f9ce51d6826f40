import type { App } from '@platform/service-kit';
import { Type } from '@sinclair/typebox';
import { handleCallback } from '../payments/callbacks';
import type { BillingContext } from '../payments/context';

/**
 * Where the providers report: M-Pesa at each payment's secret path (Daraja does not sign), Airtel at the
 * URL registered on its portal (hashed), card at the webhook set on the provider's dashboard (signed).
 * The body is read as the exact bytes sent, since the signatures are over them. Public routes: the
 * confirmation, not the caller, decides whether anything changes.
 */
export default async function callbackRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  const schema = { tags: ['billing-callbacks'], hide: true };

  app.post(
    '/api/billing/callbacks/mpesa/:token',
    { schema: { ...schema, params: Type.Object({ token: Type.String({ minLength: 16, maxLength: 64 }) }) } },
    async (request) => {
      await handleCallback(ctx, 'mpesa', String(request.body ?? ''), request.headers, request.params.token);
      // Daraja's expected acknowledgement, whatever was decided.
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    },
  );

  app.post('/api/billing/callbacks/airtel', { schema }, async (request) => {
    await handleCallback(ctx, 'airtel', String(request.body ?? ''), request.headers);
    return { status: 'received' };
  });

  app.post('/api/billing/callbacks/card', { schema }, async (request, reply) => {
    const verdict = await handleCallback(ctx, 'card', String(request.body ?? ''), request.headers);
    return reply
      .status(verdict === 'rejected' ? 400 : 200)
      .send({ status: verdict === 'rejected' ? 'rejected' : 'received' });
  });
}
