import type {
  ApplicationListResponse,
  ApplicationResponse,
  ApplyBody,
  JobAlertBody,
  JobAlertListResponse,
  JobAlertResponse,
  JobBody,
  JobListResponse,
  JobResponse,
  MeResponse,
  MessageResponse,
  PostedJobListResponse,
  StatusBody,
} from '@platform/contracts';
import { endpoint } from '@platform/data';
import { apiRequest } from '@platform/shell-state';

/**
 * The one way mf-hire talks to its services: every call, typed by the contract's request and response
 * types (`import type`: no schema code reaches the browser). Reads are endpoints for `useApiQuery` /
 * `useApiPages`; writes return the `apiRequest` result.
 */
export const hireApi = {
  /** The public board; `query` is the filters' query string (see features/jobs-board/filters.ts). */
  board: (query: string) => endpoint<JobListResponse>(`/api/job/get?${query}`),
  job: (id: string) => endpoint<JobResponse>(`/api/job/${id}`),
  /** The clinic's own jobs, with applicant counts. */
  myJobs: (page: number, limit: number) =>
    endpoint<PostedJobListResponse>(`/api/job/mine?page=${page}&limit=${limit}`),
  /** Applications the server lets the caller see: a professional's own, or one job's for its clinic. */
  applications: (filter: { status?: 'active' | 'withdrawn'; jobId?: string }, page: number, limit: number) =>
    endpoint<ApplicationListResponse>(
      `/api/application/get?${new URLSearchParams({ ...filter, page: String(page), limit: String(limit) })}`,
    ),
  /** The signed-in person's profile (svc-identity), to prefill an application. */
  me: () => endpoint<MeResponse>('/api/user/me'),

  postJob: (body: JobBody) => apiRequest<JobResponse>('/api/job/add', { method: 'POST', body }),
  deleteJob: (id: string) => apiRequest<MessageResponse>(`/api/job/${id}`, { method: 'DELETE' }),
  apply: (body: ApplyBody) =>
    apiRequest<ApplicationResponse>('/api/application/apply', { method: 'POST', body }),
  /** A decision may carry a short message to the applicant; a withdrawal never does. */
  setStatus: (id: string, status: StatusBody['status'], message?: string) =>
    apiRequest<ApplicationResponse>(`/api/application/${id}`, {
      method: 'PATCH',
      body: { status, ...(message ? { message } : {}) } satisfies StatusBody,
    }),
  /** The professional's saved searches (job alerts). */
  alerts: () => endpoint<JobAlertListResponse>('/api/job/alerts'),
  createAlert: (query: JobAlertBody['query']) =>
    apiRequest<JobAlertResponse>('/api/job/alerts', {
      method: 'POST',
      body: { query } satisfies JobAlertBody,
    }),
  deleteAlert: (id: string) => apiRequest<MessageResponse>(`/api/job/alerts/${id}`, { method: 'DELETE' }),
};
