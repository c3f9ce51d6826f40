import type { MeResponse } from '@platform/contracts';
import type { PostedJobListResponse } from '@platform/svc-hire/contract';
import type {
  LicenceAlertRolesResponse,
  PlacesResponse,
  StaffListResponse,
} from '@platform/svc-core/contract';
import type {
  BillingDetailsBody,
  BillingDetailsResponse,
  CheckoutBody,
  DowngradeBody,
  InvoiceListResponse,
  ListingListResponse,
  PaymentListResponse,
  PaymentResponse,
  PlansResponse,
  SubscriptionResponse,
} from '@platform/svc-billing/contract';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

/**
 * The one way mf-billing talks to svc-billing (and reads the usage Hire and Core count): every call typed by the service's contract (`import type`:
 * no schema code reaches the browser). Reads are endpoints for `useApiQuery` / `useApiPages`; writes
 * return the `apiRequest` result.
 */
export const billingApi = {
  plans: () => endpoint<PlansResponse>('/api/billing/plans'),
  subscription: () => endpoint<SubscriptionResponse>('/api/billing/subscription'),
  payments: (page: number, limit = 10) =>
    endpoint<PaymentListResponse>(`/api/billing/payments?page=${page}&limit=${limit}`),
  invoices: (page: number, limit = 10) =>
    endpoint<InvoiceListResponse>(`/api/billing/invoices?page=${page}&limit=${limit}`),
  /** The single job listings bought, and the job each posted once used. */
  listings: (page: number, limit = 10) =>
    endpoint<ListingListResponse>(`/api/billing/listings?page=${page}&limit=${limit}`),
  /** A paid payment's invoice or receipt as a PDF (a download needing the token: the Blob). */
  documentPdf: (invoiceId: string, document: 'invoice' | 'receipt') =>
    apiFile(`/api/billing/invoices/${encodeURIComponent(invoiceId)}/${document}.pdf`),
  payment: (id: string) => apiRequest<PaymentResponse>(`/api/billing/payments/${encodeURIComponent(id)}`),
  /** One attempt: the same key never starts a second payment (nor a second prompt on the phone). */
  checkout: (body: CheckoutBody, idempotencyKey: string) =>
    apiRequest<PaymentResponse>('/api/billing/checkout', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  cancel: () => apiRequest<SubscriptionResponse>('/api/billing/subscription/cancel', { method: 'POST' }),
  /** Keeps the plan held: undoes a cancellation or a downgrade waiting for the period's end. */
  resume: () => apiRequest<SubscriptionResponse>('/api/billing/subscription/resume', { method: 'POST' }),
  /** A cheaper choice (plan and the add-ons to keep) from the period's end; paid by that renewal. */
  downgrade: (body: DowngradeBody) =>
    apiRequest<SubscriptionResponse>('/api/billing/subscription/downgrade', { method: 'POST', body }),
  /** The organisation's billing details (its KRA PIN, printed on the next invoices). */
  details: () => endpoint<BillingDetailsResponse>('/api/billing/details'),
  saveDetails: (body: BillingDetailsBody) =>
    apiRequest<BillingDetailsResponse>('/api/billing/details', { method: 'PUT', body }),
  /** The account's own phone, to prefill the M-Pesa number. */
  me: () => endpoint<MeResponse>('/api/user/me'),
  /** What the clinic uses of its limits, from the services that hold it (counts: one row each). */
  openPostings: () => endpoint<PostedJobListResponse>('/api/job/mine?open=true&limit=1'),
  staffCount: () => endpoint<StaffListResponse>('/api/core/staff?limit=1'),
  places: () => endpoint<PlacesResponse>('/api/core/places'),
  licenceAlertRoles: () => endpoint<LicenceAlertRolesResponse>('/api/core/licence-alerts/roles'),
};
