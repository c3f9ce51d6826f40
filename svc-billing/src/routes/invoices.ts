import { ErrorAnswers, FileAnswer } from '@platform/contracts';
import { notFound, pageOf, type App } from '@platform/service-kit';
import {
  BillingErrors,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceParams,
  ListingListQuery,
  ListingListResponse,
} from '../../contract';
import type { InvoiceRow } from '../db/schema';
import { invoicePdf, receiptPdf } from '../invoice-pdf';
import type { BillingContext } from '../payments/context';
import { invoiceOfOrg, listInvoices } from '../stores/invoice-store';
import { listListings } from '../stores/listing-store';
import { orgOf } from './actor';
import { toInvoice } from './views';

const secured = { tags: ['billing'], security: [{ bearer: [] }] };
/** The two documents of a paid payment, each named by its own number. */
const DOCUMENTS = {
  invoice: { render: invoicePdf, fileName: (row: InvoiceRow) => row.number },
  receipt: { render: receiptPdf, fileName: (row: InvoiceRow) => row.receiptNumber },
};
const pdfFile = { 200: FileAnswer('application/pdf', 'the PDF'), ...ErrorAnswers(400, 401, 403, 404) };

/**
 * The organisation's invoices and receipts (one per paid payment), and each as a PDF: clinics only, their
 * own organisation's only (another's id is a 404, as if it did not exist); its single job listings.
 */
export default async function invoiceRoutes(app: App, { ctx }: { ctx: BillingContext }) {
  app.get(
    '/api/billing/invoices',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = pageOf(request.query);
      const { rows, total } = await listInvoices(ctx.db, orgOf(request), request.query);
      return { success: true as const, data: rows.map(toInvoice), pageInfo: { page, limit, total } };
    },
  );

  app.get(
    '/api/billing/listings',
    {
      preHandler: app.requireRole('Clinic'),
      schema: {
        ...secured,
        querystring: ListingListQuery,
        response: { 200: ListingListResponse, ...ErrorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = pageOf(request.query);
      const { data, total } = await listListings(ctx.db, orgOf(request), request.query);
      return { success: true as const, data, pageInfo: { page, limit, total } };
    },
  );

  for (const [document, { render, fileName }] of Object.entries(DOCUMENTS)) {
    app.get(
      `/api/billing/invoices/:id/${document}.pdf`,
      {
        preHandler: app.requireRole('Clinic'),
        schema: { ...secured, params: InvoiceParams, response: pdfFile },
      },
      async (request, reply) => {
        const row = await invoiceOfOrg(ctx.db, request.params.id, orgOf(request));
        if (!row) throw notFound('This invoice does not exist.', BillingErrors.invoiceNotFound);
        const pdf = await render(row, ctx.seller);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName(row)}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );
  }
}
