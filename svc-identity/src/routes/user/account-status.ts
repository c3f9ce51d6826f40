import { HttpError } from '@platform/service-kit';
import type { UserRow } from '../../db/schema';

/** Under a suspension that has not ended by itself. */
export function isSuspended(user: UserRow, now = new Date()): boolean {
  return user.status === 'suspended' && (!user.suspendedUntil || user.suspendedUntil > now);
}

/**
 * 403 with the admin's reason (and end date), so the person knows why and until when: in the message and
 * as `reason` and `until`, which the pages' translation of the code shows.
 */
export function suspendedError(user: UserRow): HttpError {
  const reason = user.suspendedReason ?? 'no reason given';
  const until = user.suspendedUntil?.toISOString();
  return until
    ? new HttpError(
        403,
        `Your account is suspended until ${until}: ${reason}.`,
        'auth.account_suspended_until',
        {
          reason,
          until,
        },
      )
    : new HttpError(403, `Your account is suspended: ${reason}.`, 'auth.account_suspended', { reason });
}
