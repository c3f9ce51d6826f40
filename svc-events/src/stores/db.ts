import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
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
