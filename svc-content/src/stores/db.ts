import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { AdminAction } from '@platform/event-bus';
import type * as schema from '../db/schema';

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The admin acting and the request they acted with: what an audit entry names (recordAdminAction). */
export type AdminBy = Pick<AdminAction, 'actor' | 'request'>;
