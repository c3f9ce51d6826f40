import { sql } from 'drizzle-orm';
import { IdentityEvents, type UserEventData } from '@platform/contracts';
import { identityUserSync } from '@platform/service-kit';
import * as schema from '../db/schema';
import type { Db } from '../stores/db';
import { ensureTrial } from '../stores/subscription-store';

/**
 * Identity's user events keep the organisations' billing details (the clinic account's name, e-mail and
 * phone, for invoices and the M-Pesa number prefilled at checkout), and a new clinic gets its trial;
 * register with `{ bus, db, processed, now }`.
 */
export const organisations = identityUserSync<Db, { now: () => Date }>({
  name: 'billing-organisations',
  durable: 'svc-billing__organisations',
  apply: async (tx, event, { now }) => {
    if (event.type === IdentityEvents.userDeleted) return;
    const u = event.data as UserEventData;
    if (u.role !== 'Clinic') return;
    const orgId = u.orgId ?? u.id;
    const at = now();
    await tx
      .insert(schema.organisations)
      .values({ orgId, name: u.name, email: u.email, phone: u.phone, updatedAt: at })
      .onConflictDoUpdate({
        target: schema.organisations.orgId,
        set: { name: u.name, email: u.email, phone: u.phone, updatedAt: at },
        // Only the organisation's own account (id = orgId) or a first sighting names it.
        setWhere: sql`${schema.organisations.orgId} = ${u.id} or ${schema.organisations.name} = ''`,
      });
    await ensureTrial(tx, orgId, at);
  },
});
