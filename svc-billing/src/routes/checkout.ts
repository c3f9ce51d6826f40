import { ErrorAnswers } from '@platform/contracts';
import { notFound, pageOf, type App } from '@platform/service-kit';
import {
  BillingErrors,
  CheckoutBody,
  CheckoutHeaders,
  PaymentListQuery,
  PaymentListResponse,
  PaymentParams,
  PaymentResponse,
} from '../../contract';
import { checkout } from '../payments/checkout';
import type { BillingContext } from '../payments/context';
import { listPayments, paymentOfOrg } from '../stores/payment-store';
import { orgOf } from './actor';
import { toPayment } from './views';

const secured = { tags: ['billing'], security: [{ bearer: [] }] };

/** Checkout and the organisation's payments: clinics only (professionals never pay), checked here. */
export default async function checkoutRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  app.post(
    '/api/billing/checkout',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        headers: CheckoutHeaders,
        body: CheckoutBody,
        response: { 202: PaymentResponse, ...ErrorAnswers(400, 401, 403, 409, 502) },
      },
    },
    async (request, reply) => {
      const row = await checkout(ctx, {
        orgId: orgOf(request),
        userId: request.user.sub,
        email: request.user.email,
        idempotencyKey: request.headers['idempotency-key'],
        ...request.body,
      });
      return reply.status(202).send({ success: true, data: toPayment(row) });
    },
  );

  app.get(
    '/api/billing/payments/:id',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        params: PaymentParams,
        response: { 200: PaymentResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await paymentOfOrg(ctx.db, request.params.id, orgOf(request));
      if (!row) throw notFound('This payment does not exist.', BillingErrors.paymentNotFound);
      return { success: true as const, data: toPayment(row) };
    },
  );

  app.get(
    '/api/billing/payments',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        querystring: PaymentListQuery,
        response: { 200: PaymentListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = pageOf(request.query);
      const { rows, total } = await listPayments(ctx.db, orgOf(request), request.query);
      return { success: true as const, data: rows.map(toPayment), pageInfo: { page, limit, total } };
    },
  );
}
