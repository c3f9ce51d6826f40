import type {
  AdminAccount,
  AdminAccountResponse,
  ChangeRoleBody,
  VerifyOrganisationBody,
  MessageResponse,
  PageInfo,
  SuspendAccountBody,
} from '@platform/contracts';
import type { BlogStatus, HomeBlock, InboxKind } from '@platform/contracts/values';
import type {
  AdminBlogListResponse as AdminBlogList,
  AuditResponse,
  AuditVerifyResponse,
  BlockTextsResponse,
  BlogPostResponse,
  BlogVersionsResponse,
  DashboardStatsResponse as DashboardStats,
  InboxPatch,
  InboxResponse,
  LatestUsersResponse,
  MainComponentsResponse,
  ModerationDecision,
  ModerationResponse,
  SeriesResponse,
} from '@platform/svc-content/contract';
import type {
  AdminOrganisationListResponse,
  AdminOrganisationResponse,
  AdminPaymentListResponse,
  AdminPriceListResponse,
  AdminPriceResponse,
  AdminSummaryResponse,
  ExtendBody,
  GrantBody,
  InvoiceListResponse,
  ListingListResponse,
  PriceBody,
  RejectedCallbackListResponse,
  SubscriptionResponse,
} from '@platform/svc-billing/contract';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

/** svc-identity's page of accounts for the admin (`GET /api/user/admin/accounts`). */
export interface AdminAccountList {
  success: true;
  data: AdminAccount[];
  pageInfo: PageInfo;
}

/** svc-content's answers: the contracts' types (`import type`), its lists from `@platform/contracts/values`. */
export { BLOG_STATUSES, HOME_BLOCKS } from '@platform/contracts/values';
export type { BlogStatus, HomeBlock, InboxKind } from '@platform/contracts/values';
export type {
  AuditEntry,
  BlogPost,
  InboxItem,
  InboxPatch,
  ModerationDecision as ModerationDecisionValue,
  ModerationItem,
  WeeklySeries,
} from '@platform/svc-content/contract';
type BlogBody = { name: string; data: string; status: BlogStatus };

export interface AuditQuery {
  target: string;
  actor: string;
  from: string;
  to: string;
  page: number;
}

export type {
  AdminOrganisation,
  AdminPayment,
  AdminPrice,
  AdminSummary,
  Invoice,
  RejectedCallback,
  Subscription,
} from '@platform/svc-billing/contract';

export interface AccountQuery {
  search: string;
  role: '' | 'user' | 'Clinic';
  page: number;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/**
 * The one way mf-content talks to the services: every call typed by the contracts (`import type`: no schema
 * code reaches the browser). Reads are endpoints for `useApiQuery`; writes return the `apiRequest` result.
 * Accounts belong to svc-identity; content, the dashboard's figures, the inbox, moderation and the audit
 * log to svc-content; subscriptions, payments and prices to svc-billing.
 */
export const adminApi = {
  stats: () => endpoint<DashboardStats>('/api/dashboard/total-users'),
  latestUsers: () => endpoint<LatestUsersResponse>('/api/dashboard/latest-users'),
  series: (weeks: number) => endpoint<SeriesResponse>(`/api/dashboard/series?weeks=${weeks}`),
  mainComponents: () => endpoint<MainComponentsResponse>('/api/dashboard/main-components'),
  /** Every block in every language, each saying whether it is still the default. */
  blockTexts: () => endpoint<BlockTextsResponse>('/api/content/blocks'),
  /** One block in one language; the service sanitises it and keeps the other languages. */
  saveBlockText: (block: HomeBlock, lang: 'en' | 'sw' | 'fr', html: string) =>
    apiRequest<BlockTextsResponse>(`/api/content/blocks/${block}/${lang}`, { method: 'PUT', body: { html } }),
  /** Back to the landing page's own text in that language. */
  restoreBlockText: (block: HomeBlock, lang: 'en' | 'sw' | 'fr') =>
    apiRequest<BlockTextsResponse>(`/api/content/blocks/${block}/${lang}`, { method: 'DELETE' }),
  /** One block at a time: `{ [block]: html }`; the service sanitises it. */
  saveBlock: (block: HomeBlock, html: string) =>
    apiRequest<MainComponentsResponse>('/api/dashboard/upsert-main-components', {
      method: 'POST',
      body: { [block]: html },
    }),
  blogs: (page: number, limit = 10) => endpoint<AdminBlogList>(`/api/blog/admin?page=${page}&limit=${limit}`),
  blogVersions: (id: string) => endpoint<BlogVersionsResponse>(`/api/blog/${id}/versions`),
  addBlog: (body: BlogBody) => apiRequest<BlogPostResponse>('/api/blog/add', { method: 'POST', body }),
  updateBlog: (id: string, body: BlogBody) =>
    apiRequest<BlogPostResponse>(`/api/blog/update/${id}`, { method: 'PUT', body }),
  deleteBlog: (id: string) => apiRequest<MessageResponse>(`/api/blog/delete/${id}`, { method: 'DELETE' }),
  restoreBlog: (id: string, version: number) =>
    apiRequest<BlogPostResponse>(`/api/blog/${id}/versions/${version}/restore`, { method: 'POST' }),
  inbox: (kind: '' | InboxKind, page: number, limit = 20) =>
    endpoint<InboxResponse>(`/api/content/inbox?${query({ kind, page, limit })}`),
  markInbox: (id: string, patch: InboxPatch) =>
    apiRequest<MessageResponse>(`/api/content/inbox/${id}`, { method: 'PATCH', body: patch }),
  moderation: (page: number, limit = 20) =>
    endpoint<ModerationResponse>(`/api/content/moderation?page=${page}&limit=${limit}`),
  decide: (id: string, decision: ModerationDecision) =>
    apiRequest<MessageResponse>(`/api/content/moderation/${id}/decision`, {
      method: 'POST',
      body: { decision },
    }),
  audit: (q: AuditQuery, limit = 50) =>
    endpoint<AuditResponse>(
      `/api/admin/audit?${query({ target: q.target.trim(), actor: q.actor.trim(), from: q.from, to: q.to, page: q.page, limit })}`,
    ),
  auditVerify: () => endpoint<AuditVerifyResponse>('/api/admin/audit/verify'),
  accounts: (q: AccountQuery, limit = 20) =>
    endpoint<AdminAccountList>(
      `/api/user/admin/accounts?${query({ search: q.search.trim(), role: q.role, page: q.page, limit })}`,
    ),
  suspend: (id: string, body: SuspendAccountBody) =>
    apiRequest<AdminAccountResponse>(`/api/user/admin/accounts/${id}/suspend`, { method: 'POST', body }),
  unsuspend: (id: string) =>
    apiRequest<AdminAccountResponse>(`/api/user/admin/accounts/${id}/unsuspend`, { method: 'POST' }),
  /** A Clinic's organisation, verified from the registration document the admin checked. */
  verifyOrganisation: (id: string, body: VerifyOrganisationBody) =>
    apiRequest<MessageResponse>(`/api/user/admin/accounts/${id}/verify-organisation`, {
      method: 'POST',
      body,
    }),
  changeRole: (id: string, body: ChangeRoleBody) =>
    apiRequest<AdminAccountResponse>(`/api/user/admin/accounts/${id}`, { method: 'PATCH', body }),
  remove: (id: string) => apiRequest<MessageResponse>(`/api/user/admin/accounts/${id}`, { method: 'DELETE' }),
  billingSummary: () => endpoint<AdminSummaryResponse>('/api/billing/admin/summary'),
  failedPayments: (page: number, limit = 10) =>
    endpoint<AdminPaymentListResponse>(`/api/billing/admin/payments/failed?page=${page}&limit=${limit}`),
  rejectedCallbacks: (page: number, limit = 10) =>
    endpoint<RejectedCallbackListResponse>(
      `/api/billing/admin/callbacks/rejected?page=${page}&limit=${limit}`,
    ),
  clinics: (search: string, page: number, limit = 10) =>
    endpoint<AdminOrganisationListResponse>(
      `/api/billing/admin/organisations?${query({ search: search.trim(), page, limit })}`,
    ),
  clinic: (orgId: string) => endpoint<AdminOrganisationResponse>(`/api/billing/admin/organisations/${orgId}`),
  clinicPayments: (orgId: string, page: number, limit = 10) =>
    endpoint<AdminPaymentListResponse>(
      `/api/billing/admin/organisations/${orgId}/payments?page=${page}&limit=${limit}`,
    ),
  clinicInvoices: (orgId: string, page: number, limit = 10) =>
    endpoint<InvoiceListResponse>(
      `/api/billing/admin/organisations/${orgId}/invoices?page=${page}&limit=${limit}`,
    ),
  /** The clinic's single job listings, and the job each posted once Hire used it. */
  clinicListings: (orgId: string, page: number, limit = 10) =>
    endpoint<ListingListResponse>(
      `/api/billing/admin/organisations/${orgId}/listings?page=${page}&limit=${limit}`,
    ),
  /** Both audited by svc-billing with the reason, and announced to every service. */
  extendPeriod: (orgId: string, body: ExtendBody) =>
    apiRequest<SubscriptionResponse>(`/api/billing/admin/organisations/${orgId}/extend`, {
      method: 'POST',
      body,
    }),
  grantPlan: (orgId: string, body: GrantBody) =>
    apiRequest<SubscriptionResponse>(`/api/billing/admin/organisations/${orgId}/grant`, {
      method: 'POST',
      body,
    }),
  prices: () => endpoint<AdminPriceListResponse>('/api/billing/admin/prices'),
  /** For purchases from now on; running subscriptions keep their price. */
  setPrice: (id: string, body: PriceBody) =>
    apiRequest<AdminPriceResponse>(`/api/billing/admin/prices/${id}`, { method: 'PUT', body }),
  /** Every account as users_clinics.csv (streamed by svc-content); needs the token, so fetched as a file. */
  exportCsv: () => apiFile('/api/dashboard/export.csv'),
};
