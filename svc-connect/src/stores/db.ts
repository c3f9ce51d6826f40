import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Profession } from '@platform/contracts';
import type * as schema from '../db/schema';

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is acting, from the verified token (and the users projection): never from a request body. */
export interface Actor {
  id: string;
  /** The account proved its e-mail address (from the users projection): it receives contact details. */
  emailVerified: boolean;
  name: string;
  role: string;
  /** The organisation the actor belongs to now (users projection), or their own id without one. */
  orgId: string;
  /** From the users projection (the designation); from the role alone while the projection lacks them. */
  profession: Profession;
  /**
   * The professions of their licences verified in Core HR (svc-core's events): the only ones Role-Based
   * audiences trust, since anyone can type a designation.
   */
  verifiedProfessions: Profession[];
  facility: string;
  country: string;
  /** When the account was made; unknown (not yet projected) counts as new. */
  accountCreatedAt: Date;
}

const DAY_MS = 86_400_000;

/** How old the account is, in days (fractional). */
export const accountAgeDays = (actor: Actor, now = Date.now()) =>
  (now - actor.accountCreatedAt.getTime()) / DAY_MS;
