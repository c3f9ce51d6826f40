import type { MeResponse } from '@platform/contracts';
import type {
  CheckoutBody,
  PaymentListResponse,
  PaymentResponse,
  PlansResponse,
  SubscriptionResponse,
} from '@platform/svc-billing/contract';
import { endpoint } from '@platform/data';
import { apiRequest } from '@platform/shell-state';

/**
 * The one way mf-billing talks to svc-billing: every call typed by the service's contract (`import type`:
 * no schema code reaches the browser). Reads are endpoints for `useApiQuery` / `useApiPages`; writes
 * return the `apiRequest` result.
 */
export const billingApi = {
  plans: () => endpoint<PlansResponse>('/api/billing/plans'),
  subscription: () => endpoint<SubscriptionResponse>('/api/billing/subscription'),
  payments: (page: number, limit = 10) =>
    endpoint<PaymentListResponse>(`/api/billing/payments?page=${page}&limit=${limit}`),
  payment: (id: string) => apiRequest<PaymentResponse>(`/api/billing/payments/${encodeURIComponent(id)}`),
  /** One attempt: the same key never starts a second payment (nor a second prompt on the phone). */
  checkout: (body: CheckoutBody, idempotencyKey: string) =>
    apiRequest<PaymentResponse>('/api/billing/checkout', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  cancel: () => apiRequest<SubscriptionResponse>('/api/billing/subscription/cancel', { method: 'POST' }),
  resume: () => apiRequest<SubscriptionResponse>('/api/billing/subscription/resume', { method: 'POST' }),
  /** The account's own phone, to prefill the M-Pesa number. */
  me: () => endpoint<MeResponse>('/api/user/me'),
};
