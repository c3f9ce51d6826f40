import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type * as schema from '../db/schema';

export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction of Db (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: store functions that only read or write work inside or outside a transaction. */
export type DbOrTx = Db | Tx;
