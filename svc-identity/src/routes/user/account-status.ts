import { HttpError } from '@platform/service-kit';
import type { UserRow } from '../../db/schema';

/** Under a suspension that has not ended by itself. */
export function isSuspended(user: UserRow, now = new Date()): boolean {
  return user.status === 'suspended' && (!user.suspendedUntil || user.suspendedUntil > now);
}

/** 403 with the admin's reason (and end date), so the person knows why and until when. */
export function suspendedError(user: UserRow): HttpError {
  const until = user.suspendedUntil ? ` until ${user.suspendedUntil.toISOString()}` : '';
  return new HttpError(
    403,
    `Your account is suspended${until}: ${user.suspendedReason ?? 'no reason given'}.`,
    'auth.account_suspended',
  );
}
