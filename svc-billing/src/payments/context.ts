import type { FastifyBaseLogger } from 'fastify';
import type { Seller } from '../invoice-pdf';
import type { PaymentMethod, PaymentProvider } from '../providers/provider';
import type { Db } from '../stores/db';

/** What the payment flows need: the database, one client per method, the clock (tests move it), where
 * providers call back, and the log. */
export interface BillingContext {
  db: Db;
  providers: Record<PaymentMethod, PaymentProvider>;
  now: () => Date;
  callbackBaseUrl: string;
  appUrl: string;
  /** Who sells, as invoices and receipts print it. */
  seller: Seller;
  log: FastifyBaseLogger;
}
