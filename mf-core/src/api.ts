import type {
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
};
