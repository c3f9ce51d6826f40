import type {
  AdminAccount,
  AdminAccountResponse,
  ChangeRoleBody,
  MessageResponse,
  PageInfo,
  SuspendAccountBody,
} from '@platform/contracts';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

/** svc-identity's page of accounts for the admin (`GET /api/user/admin/accounts`). */
export interface AdminAccountList {
  success: true;
  data: AdminAccount[];
  pageInfo: PageInfo;
}

/*
 * svc-content's answers. PROVISIONAL: written before its contracts were committed; replaced by the types of
 * @platform/contracts (content.ts) once they are.
 */
export interface DashboardStats {
  success: true;
  totalUsers: number;
  totalRegularUsers: number;
  totalClinics: number;
}
export interface LatestUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'Clinic' | 'admin';
  phone: string | null;
  createdAt: string | null;
}
export type WeeklySeries = Array<{ weekStart: string; count: number }>;
export interface SeriesResponse {
  success: true;
  series: Record<'signups' | 'jobs' | 'applications' | 'registrations', WeeklySeries>;
}

/** The six home content blocks, in the landing page's order (the spec's keys). */
export const HOME_BLOCKS = [
  'Hero',
  'AboutUs',
  'coreDescription',
  'hiredescription',
  'namedescription',
  'conectdescription',
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];
/** Each block's sanitised HTML ('' when never written). */
export interface MainComponentsResponse {
  success: true;
  components: Record<HomeBlock, string>;
}

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export interface BlogPost {
  id: string;
  /** Title (the spec's `name`). */
  name: string;
  /** Sanitised HTML (the spec's `data`). */
  data: string;
  slug: string;
  status: BlogStatus;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}
export interface BlogBody {
  name: string;
  data: string;
  status: BlogStatus;
}
/** Every post, drafts included, newest change first, with the spec's tiles' figures. */
export interface AdminBlogList {
  success: true;
  data: BlogPost[];
  pageInfo: PageInfo;
  stats: { total: number; lastUpdated: string | null; recentlyEdited: number };
}
export interface BlogVersion {
  version: number;
  name: string;
  data: string;
  status: BlogStatus;
  savedAt: string;
  savedBy: string | null;
}
export interface BlogVersionsResponse {
  success: true;
  data: BlogVersion[];
}
export interface BlogPostResponse {
  success: true;
  blog: BlogPost;
}

export type InboxKind = 'contact' | 'demo';
export interface InboxItem {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  /** The contact message, or the demo request's notes. */
  message: string;
  organization: string | null;
  facilityType: string | null;
  phone: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  receivedAt: string;
  readAt: string | null;
  handledAt: string | null;
}
export interface InboxResponse {
  success: true;
  data: InboxItem[];
  pageInfo: PageInfo;
}
export interface InboxPatch {
  read?: boolean;
  handled?: boolean;
}

export type ModerationDecisionValue = 'restore' | 'hide' | 'delete';
export interface ModerationItem {
  id: string;
  subject: { module: string; kind: string; id: string };
  title: string;
  excerpt: string;
  authorName: string | null;
  flags: number;
  reasons: string[];
  flaggedAt: string;
}
export interface ModerationResponse {
  success: true;
  data: ModerationItem[];
  pageInfo: PageInfo;
}

export interface AuditEntry {
  seq: number;
  at: string;
  service: string;
  actorId: string;
  actorName: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string | null;
}
export interface AuditResponse {
  success: true;
  data: AuditEntry[];
  pageInfo: PageInfo;
}
export interface AuditVerifyResponse {
  success: true;
  ok: boolean;
  checked: number;
  firstBroken: { seq: number; at: string } | null;
}
export interface AuditQuery {
  target: string;
  actor: string;
  from: string;
  to: string;
  page: number;
}

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
 * The one way mf-admin talks to the services: every call typed by the contracts (`import type`: no schema
 * code reaches the browser). Reads are endpoints for `useApiQuery`; writes return the `apiRequest` result.
 * Accounts belong to svc-identity; content, the dashboard's figures, the inbox, moderation and the audit
 * log to svc-content.
 */
export const adminApi = {
  stats: () => endpoint<DashboardStats>('/api/dashboard/total-users'),
  latestUsers: () => endpoint<{ success: true; latestUsers: LatestUser[] }>('/api/dashboard/latest-users'),
  series: (weeks: number) => endpoint<SeriesResponse>(`/api/dashboard/series?weeks=${weeks}`),
  mainComponents: () => endpoint<MainComponentsResponse>('/api/dashboard/main-components'),
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
  decide: (id: string, decision: ModerationDecisionValue) =>
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
  changeRole: (id: string, body: ChangeRoleBody) =>
    apiRequest<AdminAccountResponse>(`/api/user/admin/accounts/${id}`, { method: 'PATCH', body }),
  remove: (id: string) => apiRequest<MessageResponse>(`/api/user/admin/accounts/${id}`, { method: 'DELETE' }),
  /** Every account as users_clinics.csv (streamed by svc-content); needs the token, so fetched as a file. */
  exportCsv: () => apiFile('/api/dashboard/export.csv'),
};
