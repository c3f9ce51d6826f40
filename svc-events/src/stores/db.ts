import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { AdminAction } from '@platform/event-bus';
import type * as schema from '../db/schema';

export type Db = PostgresJsDatabase<typeof schema>;

/** Who is acting, from the verified token only: never from a request body. */
export interface Actor {
  id: string;
  name: string;
  role: string;
  /** The organisation the actor acts for: their orgId, or their own id without one. */
  organizerId: string;
}

/**
 * An admin acting on an organisation's event that is not theirs, and the request they acted with: the
 * change is recorded for the audit log (`events.admin-action.recorded.v1`, recordAdminAction).
 */
export type AdminBy = Pick<AdminAction, 'actor' | 'request'>;
