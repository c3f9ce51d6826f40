import type { MeResponse, MessageResponse } from '@platform/contracts';
import type {
  ApplicationListResponse,
  ApplicationResponse,
  ApplyBody,
  CvResponse,
  JobAlertBody,
  JobAlertListResponse,
  JobAlertResponse,
  JobBody,
  JobListResponse,
  JobPatch,
  JobResponse,
  LocationListResponse,
  PostedJobListResponse,
  SavedJobListResponse,
  StatusBody,
  ViewerStateResponse,
} from '@platform/svc-hire/contract';
import { endpoint } from '@platform/data';
import { apiFile, apiRequest } from '@platform/shell-state';

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
  /** Open jobs' locations starting with `prefix`, for the board's location suggestions. */
  locations: (prefix: string) =>
    endpoint<LocationListResponse>(`/api/job/locations?${new URLSearchParams({ q: prefix })}`),
  /** Which of these jobs the signed-in professional applied to and saved (the board itself is public). */
  viewerState: (ids: string[]) => endpoint<ViewerStateResponse>(`/api/job/viewer-state?ids=${ids.join(',')}`),
  savedJobs: (page: number, limit: number) =>
    endpoint<SavedJobListResponse>(`/api/job/saved?page=${page}&limit=${limit}`),
  /** The signed-in person's profile (svc-identity), to prefill an application. */
  me: () => endpoint<MeResponse>('/api/user/me'),
  /** The professional's stored CV (`data: null` without one). */
  myCv: () => endpoint<CvResponse>('/api/cv'),

  postJob: (body: JobBody) => apiRequest<JobResponse>('/api/job/add', { method: 'POST', body }),
  /** Only the fields that changed; the job's applicants are kept. */
  updateJob: (id: string, body: JobPatch) =>
    apiRequest<JobResponse>(`/api/job/${id}`, { method: 'PATCH', body }),
  /** Closes the job now: no more applications; a closing date of today or later opens it again. */
  closeJob: (id: string) => apiRequest<JobResponse>(`/api/job/${id}/close`, { method: 'POST' }),
  deleteJob: (id: string) => apiRequest<MessageResponse>(`/api/job/${id}`, { method: 'DELETE' }),
  setSaved: (id: string, saved: boolean) =>
    apiRequest<MessageResponse>(`/api/job/${id}/save`, { method: saved ? 'PUT' : 'DELETE' }),
  apply: (body: ApplyBody) =>
    apiRequest<ApplicationResponse>('/api/application/apply', { method: 'POST', body }),
  /** The chosen PDF as raw bytes; the server checks its content and size and keeps a safe name. */
  uploadCv: (file: File) =>
    apiRequest<CvResponse>(`/api/cv?${new URLSearchParams({ name: file.name })}`, {
      method: 'PUT',
      body: file,
    }),
  deleteCv: () => apiRequest<MessageResponse>('/api/cv', { method: 'DELETE' }),
  /** Downloads carry the bearer token, which a plain link cannot: fetched as files. */
  myCvFile: () => apiFile('/api/cv/file'),
  applicationCvFile: (applicationId: string) => apiFile(`/api/application/${applicationId}/cv`),
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
