import { useApiQuery } from '@platform/data';
import { useSession } from '@platform/shell-state';
import { failureText, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';

/**
 * The caller's role in their organisation, to show only the actions they may take: the Clinic account is
 * its owner; a member's role is on their own record. The server checks every action regardless.
 * `undefined` while it is not known.
 */
export function useOrgRole() {
  const user = useSession((s) => s.user);
  const mine = useApiQuery(user?.role === 'user' ? coreApi.myRecord() : null);
  if (user?.role === 'Clinic') return { role: 'owner' as const, isHr: true };
  const role = mine.data?.data.role;
  return { role, isHr: role === 'owner' || role === 'hr-admin' };
}

/** What a call's failure says, in the page's language. */
export function useFailure() {
  const { t } = useTranslation('core');
  return (failure: unknown) => failureText(t, failure as never, 'hrPage.failed');
}

/** A form's text field as the API takes it: trimmed, and null when left empty (which clears it). */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
