import type {
  LoginBody,
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
  /** svc-content's demo inbox (the admin module); until it runs the gateway answers 503 and the form says so. */
  requestDemo: (body: Record<string, string>) =>
    apiRequest<MessageResponse>('/api/content/demo-requests', { method: 'POST', body }),
};
