import './texts';
import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
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

/**
 * The organisation's time zone (its shift times, its "today"), East Africa Time if it cannot be read;
 * `undefined` while loading.
 */
export function useOrgTimeZone(): string | undefined {
  const org = useApiQuery(coreApi.organisation());
  if (org.data) return org.data.data.timeZone ?? 'Africa/Nairobi';
  return org.error ? 'Africa/Nairobi' : undefined;
}

/** What a call's failure says, in the page's language. */
export function useFailure() {
  const { t } = useTranslation('core');
  return (failure: unknown) => failureText(t, failure as never, 'hrPage.failed');
}

/**
 * A one-click change HR makes on a list (verify a licence, a training): `run(send, refresh)` sends it, then
 * loads the lists under `refresh` again; its busy state and its failure in the page's language.
 */
export function useHrAction() {
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(send: () => Promise<{ ok: boolean }>, refresh: string[]) {
    setBusy(true);
    setError(null);
    try {
      const res = await send();
      if (res.ok) await Promise.all(refresh.map((path) => refreshApi(path)));
      else setError(failure(res));
    } catch (caught) {
      setError(failure(caught));
    }
    setBusy(false);
  }
  return { run, busy, error };
}

/** A form's text field as the API takes it: trimmed, and null when left empty (which clears it). */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
