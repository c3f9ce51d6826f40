import type {
  InviteListResponse,
  InviteResponse,
  MemberListResponse,
  MyTeamResponse,
  BlogListResponse,
  BlogPostResponse,
  LoginBody,
  MainComponentsResponse,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterBody,
  UpdateProfileBody,
} from '@platform/contracts';
import { endpoint } from '@platform/data';
import { apiRequest } from '@platform/shell-state';

/**
 * The one way mf-core talks to its services: every call, typed by the contract's request and response
 * types (`import type`: no schema code reaches the browser).
 */
export const coreApi = {
  me: () => endpoint<MeResponse>('/api/user/me'),
  updateMe: (body: UpdateProfileBody) => apiRequest<MeResponse>('/api/user/me', { method: 'PUT', body }),
  login: (body: LoginBody) => apiRequest<LoginResponse>('/api/user/login', { method: 'POST', body }),
  register: (body: RegisterBody) =>
    apiRequest<MessageResponse>('/api/user/register', { method: 'POST', body }),
  /** svc-content's demo inbox (the admin's), from the landing page's dialog and `/requestdemo`. */
  requestDemo: (body: Record<string, string>) =>
    apiRequest<MessageResponse>('/api/content/demo-requests', { method: 'POST', body }),
  /** svc-content's contact inbox (`/contact`). */
  contact: (body: Record<string, string>) =>
    apiRequest<MessageResponse>('/api/content/contact-messages', { method: 'POST', body }),
  /** The landing page's blocks an admin wrote (svc-content). */
  homeBlocks: () => apiRequest<MainComponentsResponse>('/api/dashboard/main-components'),
  blog: (page: number, limit: number) =>
    endpoint<BlogListResponse>(`/api/blog/get?page=${page}&limit=${limit}`),
  blogPost: (slug: string) => endpoint<BlogPostResponse>(`/api/blog/posts/${encodeURIComponent(slug)}`),
  /** A clinic's team (svc-identity): the clinic's side. */
  teamInvites: () => endpoint<InviteListResponse>('/api/user/org/invites'),
  teamMembers: (page: number) => endpoint<MemberListResponse>(`/api/user/org/members?page=${page}&limit=20`),
  invite: (email: string) =>
    apiRequest<InviteResponse>('/api/user/org/invites', { method: 'POST', body: { email } }),
  withdrawInvite: (id: string) =>
    apiRequest<MessageResponse>(`/api/user/org/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  removeMember: (id: string) =>
    apiRequest<MessageResponse>(`/api/user/org/members/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** The professional's side. */
  myTeam: () => endpoint<MyTeamResponse>('/api/user/org'),
  myInvites: () => endpoint<InviteListResponse>('/api/user/org/invites/mine'),
  answerInvite: (id: string, answer: 'accept' | 'decline') =>
    apiRequest<MeResponse>(`/api/user/org/invites/${encodeURIComponent(id)}/${answer}`, { method: 'POST' }),
  leaveTeam: () => apiRequest<MessageResponse>('/api/user/org/leave', { method: 'POST' }),
};
