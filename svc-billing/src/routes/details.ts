import { ErrorAnswers } from '@platform/contracts';
import { HttpError, type App } from '@platform/service-kit';
import { BillingDetailsBody, BillingDetailsResponse, BillingErrors } from '../../contract';
import { normaliseKraPin } from '../../contract/kra-pin';
import type { BillingContext } from '../payments/context';
import { billingDetailsOf, saveBillingDetails } from '../stores/details-store';
import { orgOf } from './actor';

const secured = { tags: ['billing'], security: [{ bearer: [] }] };

/**
 * The organisation's billing details (its KRA PIN), read and set by its clinic account; the invoices
 * issued from then on carry them (an invoice keeps what it was issued with).
 */
export default async function detailsRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  app.get(
    '/api/billing/details',
    {
      preHandler: app.requireRole('Clinic'),
      schema: { ...secured, response: { 200: BillingDetailsResponse, ...ErrorAnswers(401, 403) } },
    },
    async (request) => ({ success: true as const, data: await billingDetailsOf(ctx.db, orgOf(request)) }),
  );

  app.put(
    '/api/billing/details',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        body: BillingDetailsBody,
        response: { 200: BillingDetailsResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const typed = request.body.kraPin;
      const blank = typed === null || typed.trim() === '';
      const kraPin = blank ? null : normaliseKraPin(typed);
      if (!blank && kraPin === null)
        throw new HttpError(
          400,
          'kraPin: a KRA PIN is a letter, 9 digits and a letter (P051234567X)',
          BillingErrors.invalidKraPin,
        );
      const orgId = orgOf(request);
      await saveBillingDetails(ctx.db, orgId, { kraPin }, ctx.now());
      return { success: true as const, data: await billingDetailsOf(ctx.db, orgId) };
    },
  );
}
