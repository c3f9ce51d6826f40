import type { FastifyRequest } from 'fastify';
import { ErrorAnswers } from '@platform/contracts';
import { notFound, pageOf, type App } from '@platform/service-kit';
import {
  AdminOrganisationListResponse,
  AdminOrganisationQuery,
  AdminOrganisationResponse,
  AdminPageQuery,
  AdminPaymentListResponse,
  AdminPriceListResponse,
  AdminPriceResponse,
  AdminSummaryResponse,
  BillingErrors,
  ExtendBody,
  GrantBody,
  InvoiceListResponse,
  ListingListResponse,
  OrganisationParams,
  PriceBody,
  PriceParams,
  RejectedCallbackListResponse,
  SubscriptionResponse,
  type AdminOrganisation,
  type AdminPayment,
} from '../../contract';
import * as schema from '../db/schema';
import type { CatalogueItem } from '../domain/catalogue';
import { advance } from '../domain/subscription';
import { changePrice, extendSubscription, grantSubscription, type AdminBy } from '../payments/admin-actions';
import type { BillingContext } from '../payments/context';
import {
  billingSummary,
  failedPayments,
  organisationOf,
  rejectedCallbacks,
  searchOrganisations,
} from '../stores/admin-store';
import { catalogueMap, catalogueRow, catalogueRows } from '../stores/catalogue-store';
import { listInvoices } from '../stores/invoice-store';
import { listListings } from '../stores/listing-store';
import { listPayments } from '../stores/payment-store';
import { getSubscription, toSubscription } from '../stores/subscription-store';
import { planOf, toAdminPrice, toInvoice, toPayment, toSubscriptionView } from './views';

const secured = { tags: ['billing-admin'], security: [{ bearer: [] }] };
const PREFIX = '/api/billing/admin';

/** The admin and the request, for the audit log (address and request id). */
const by = (request: FastifyRequest): AdminBy => ({
  actor: request.user,
  request: { ip: request.ip, id: request.id },
});

function toAdminPayment(row: schema.PaymentRow, orgName: string | null): AdminPayment {
  return { ...toPayment(row), orgId: row.orgId, orgName: orgName ?? '', failureReason: row.failureReason };
}

function toAdminOrganisation(
  orgId: string,
  org: typeof schema.organisations.$inferSelect | null | undefined,
  sub: schema.SubscriptionRow | null | undefined,
  catalogue: Map<string, CatalogueItem>,
): AdminOrganisation {
  return {
    orgId,
    name: org?.name ?? '',
    email: org?.email ?? '',
    phone: org?.phone ?? '',
    plan: sub ? planOf(sub.lines, catalogue) : null,
    status: sub?.status ?? null,
    periodEnd: sub?.periodEnd.toISOString() ?? null,
  };
}

/**
 * Billing for admins only (every other role 403): the figures, failed payments and rejected callbacks,
 * an organisation's history, and the changes an admin may make, each with a reason kept in the audit
 * log: extend a period, grant a plan, change a price for purchases to come.
 */
export default async function adminRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  const admin = app.requireRole('admin');
  const page = (query: { page?: number; limit?: number }, total: number) => {
    const { page, limit } = pageOf(query);
    return { page, limit, total };
  };

  /** The organisation's subscription as it stands now; 404 when billing has never heard of it. */
  async function organisation(orgId: string) {
    const now = ctx.now();
    const [org, row, catalogue] = await Promise.all([
      organisationOf(ctx.db, orgId),
      getSubscription(ctx.db, orgId),
      catalogueMap(ctx.db),
    ]);
    if (!org && !row)
      throw notFound('Billing knows no such organisation.', BillingErrors.organisationNotFound);
    const sub = row ? advance(toSubscription(row), now) : null;
    return {
      organisation: toAdminOrganisation(orgId, org, row && { ...row, ...sub }, catalogue),
      subscription: sub && (await toSubscriptionView(ctx.db, orgId, sub, now, catalogue)),
    };
  }

  app.get(
    `${PREFIX}/summary`,
    {
      preHandler: admin,
      schema: { ...secured, response: { 200: AdminSummaryResponse, ...ErrorAnswers(401, 403) } },
    },
    async () => {
      const { mrr, counts } = await billingSummary(ctx.db);
      return { success: true as const, data: { mrr, currency: 'KES' as const, subscriptions: counts } };
    },
  );

  app.get(
    `${PREFIX}/payments/failed`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        querystring: AdminPageQuery,
        response: { 200: AdminPaymentListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await failedPayments(ctx.db, request.query);
      return {
        success: true as const,
        data: rows.map((r) => toAdminPayment(r.payment, r.orgName)),
        pageInfo: page(request.query, total),
      };
    },
  );

  app.get(
    `${PREFIX}/callbacks/rejected`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        querystring: AdminPageQuery,
        response: { 200: RejectedCallbackListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await rejectedCallbacks(ctx.db, request.query);
      return {
        success: true as const,
        data: rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
        pageInfo: page(request.query, total),
      };
    },
  );

  app.get(
    `${PREFIX}/organisations`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        querystring: AdminOrganisationQuery,
        response: { 200: AdminOrganisationListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const [{ rows, total }, catalogue] = await Promise.all([
        searchOrganisations(ctx.db, request.query),
        catalogueMap(ctx.db),
      ]);
      return {
        success: true as const,
        data: rows.map((r) =>
          toAdminOrganisation(r.organisation.orgId, r.organisation, r.subscription, catalogue),
        ),
        pageInfo: page(request.query, total),
      };
    },
  );

  app.get(
    `${PREFIX}/organisations/:orgId`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        params: OrganisationParams,
        response: { 200: AdminOrganisationResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => ({ success: true as const, data: await organisation(request.params.orgId) }),
  );

  app.get(
    `${PREFIX}/organisations/:orgId/payments`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        params: OrganisationParams,
        querystring: AdminPageQuery,
        response: { 200: AdminPaymentListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { orgId } = request.params;
      const [{ rows, total }, org] = await Promise.all([
        listPayments(ctx.db, orgId, request.query),
        organisationOf(ctx.db, orgId),
      ]);
      return {
        success: true as const,
        data: rows.map((r) => toAdminPayment(r, org?.name ?? null)),
        pageInfo: page(request.query, total),
      };
    },
  );

  app.get(
    `${PREFIX}/organisations/:orgId/invoices`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        params: OrganisationParams,
        querystring: AdminPageQuery,
        response: { 200: InvoiceListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listInvoices(ctx.db, request.params.orgId, request.query);
      return { success: true as const, data: rows.map(toInvoice), pageInfo: page(request.query, total) };
    },
  );

  app.get(
    `${PREFIX}/organisations/:orgId/listings`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        params: OrganisationParams,
        querystring: AdminPageQuery,
        response: { 200: ListingListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { data, total } = await listListings(ctx.db, request.params.orgId, request.query);
      return { success: true as const, data, pageInfo: page(request.query, total) };
    },
  );

  app.post(
    `${PREFIX}/organisations/:orgId/extend`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        description:
          "Moves the organisation's period end (a trial's too) later by `days`; audited with the reason.",
        params: OrganisationParams,
        body: ExtendBody,
        response: { 200: SubscriptionResponse, ...ErrorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await extendSubscription(ctx, request.params.orgId, request.body, by(request));
      return { success: true as const, data: (await organisation(request.params.orgId)).subscription! };
    },
  );

  app.post(
    `${PREFIX}/organisations/:orgId/grant`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        description:
          'Gives the organisation a Core plan from now, unpaid, for `days` (one month when omitted); audited with the reason.',
        params: OrganisationParams,
        body: GrantBody,
        response: { 200: SubscriptionResponse, ...ErrorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await grantSubscription(ctx, request.params.orgId, request.body, by(request));
      return { success: true as const, data: (await organisation(request.params.orgId)).subscription! };
    },
  );

  app.get(
    `${PREFIX}/prices`,
    {
      preHandler: admin,
      schema: { ...secured, response: { 200: AdminPriceListResponse, ...ErrorAnswers(401, 403) } },
    },
    async () => {
      return { success: true as const, data: (await catalogueRows(ctx.db)).map(toAdminPrice) };
    },
  );

  app.put(
    `${PREFIX}/prices/:id`,
    {
      preHandler: admin,
      schema: {
        ...secured,
        description:
          "A catalogue item's price for purchases from now on (running subscriptions keep theirs); audited.",
        params: PriceParams,
        body: PriceBody,
        response: { 200: AdminPriceResponse, ...ErrorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await changePrice(ctx, id, request.body, by(request))))
        throw notFound('No plan or add-on with this id.', BillingErrors.priceNotFound);
      return { success: true as const, data: toAdminPrice((await catalogueRow(ctx.db, id))!) };
    },
  );
}
