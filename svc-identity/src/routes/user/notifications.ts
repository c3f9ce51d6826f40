import {
  ErrorResponse,
  MarkReadBody,
  MarkReadResponse,
  NotificationListResponse,
  NotificationQuery,
} from '@platform/contracts';
import { pageOf, type App } from '@platform/service-kit';
import type { NotificationStore } from '../../notifications/notification-store';

const secured = { tags: ['notifications'], security: [{ bearer: [] }] };

/** The caller's own inbox: the token's account is the only one it reads or marks. */
export default async function notificationRoutes(app: App, { store }: { store: NotificationStore }) {
  app.get(
    '/api/user/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        querystring: NotificationQuery,
        response: { 200: NotificationListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { data, total, unread } = await store.list(request.user.sub, request.query);
      const { page, limit } = pageOf(request.query);
      return { success: true as const, data, unread, pageInfo: { page, limit, total } };
    },
  );

  app.post(
    '/api/user/notifications/read',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        body: MarkReadBody,
        response: { 200: MarkReadResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const body = request.body;
      const unread = await store.markRead(request.user.sub, 'all' in body ? 'all' : body.ids);
      return { success: true as const, unread };
    },
  );
}
