import type { MessageResponse } from '@platform/contracts';
import type {
  ConnectionListResponse,
  ConnectionRequestListResponse,
  ConnectionRequestPatch,
  ConnectionRequestResponse,
  DiscussionBody,
  DiscussionDetailResponse,
  DiscussionListResponse,
  DiscussionPatch,
  DiscussionResponse,
  LikeResponse,
  ProfessionalListResponse,
  ProfessionalProfileResponse,
  ReplyListResponse,
  ReplyResponse,
} from '@platform/svc-connect/contract';
import { endpoint } from '@platform/data';
import { apiRequest } from '@platform/shell-state';

/**
 * The one way mf-connect talks to svc-connect: every call, typed by the contract's request and response
 * types (`import type`: no schema code reaches the browser). Reads are endpoints for `useApiQuery`;
 * writes return the `apiRequest` result.
 */
export const connectApi = {
  /** The directory; `query` is the filters' query string. */
  professionals: (query: string) => endpoint<ProfessionalListResponse>(`/api/connect/professionals?${query}`),
  /** One professional's page: their card, whole description and verified licences. */
  professional: (id: string) =>
    endpoint<ProfessionalProfileResponse>(`/api/connect/professionals/${encodeURIComponent(id)}`),
  /** The discussions the caller may read, newest first; `query` is the section's query string. */
  discussions: (query: string) => endpoint<DiscussionListResponse>(`/api/discussion/get?${query}`),
  /** One discussion (its replies come page by page from `replies`). */
  discussion: (id: string) => endpoint<DiscussionDetailResponse>(`/api/discussion/${id}?limit=1`),
  /** Further replies, oldest first. */
  replies: (id: string, page: number, limit: number) =>
    endpoint<ReplyListResponse>(`/api/discussion/${id}/replies?page=${page}&limit=${limit}`),
  requests: (box: 'incoming' | 'outgoing', page: number, limit: number) =>
    endpoint<ConnectionRequestListResponse>(
      `/api/connect/requests?box=${box}&status=pending&page=${page}&limit=${limit}`,
    ),
  connections: (page: number, limit: number) =>
    endpoint<ConnectionListResponse>(`/api/connect/connections?page=${page}&limit=${limit}`),

  connect: (userId: string) =>
    apiRequest<ConnectionRequestResponse>('/api/connect/requests', { method: 'POST', body: { userId } }),
  answer: (id: string, status: ConnectionRequestPatch['status']) =>
    apiRequest<ConnectionRequestResponse>(`/api/connect/requests/${id}`, {
      method: 'PATCH',
      body: { status } satisfies ConnectionRequestPatch,
    }),
  post: (body: DiscussionBody) =>
    apiRequest<DiscussionResponse>('/api/discussion/add', { method: 'POST', body }),
  edit: (id: string, body: DiscussionPatch) =>
    apiRequest<DiscussionResponse>(`/api/discussion/${id}`, { method: 'PATCH', body }),
  remove: (id: string) => apiRequest<MessageResponse>(`/api/discussion/${id}`, { method: 'DELETE' }),
  reply: (id: string, content: string) =>
    apiRequest<ReplyResponse>(`/api/discussion/${id}/replies`, { method: 'POST', body: { content } }),
  editReply: (id: string, content: string) =>
    apiRequest<ReplyResponse>(`/api/discussion/replies/${id}`, { method: 'PATCH', body: { content } }),
  removeReply: (id: string) =>
    apiRequest<MessageResponse>(`/api/discussion/replies/${id}`, { method: 'DELETE' }),
  like: (id: string) => apiRequest<LikeResponse>(`/api/discussion/${id}/like`, { method: 'POST' }),
  flag: (id: string, reason: string) =>
    apiRequest<MessageResponse>(`/api/discussion/${id}/flags`, { method: 'POST', body: { reason } }),
};
