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

/** The calendar day `days` from now in `timeZone` (`YYYY-MM-DD`): the organisation's day, not the browser's. */
export const dayIn = (timeZone: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + days * 86_400_000));

/** Days from today in the organisation's time zone (East Africa Time until it is known). */
export function useOrgDay(): (days?: number) => string {
  const zone = useOrgTimeZone() ?? 'Africa/Nairobi';
  return (days = 0) => dayIn(zone, days);
}

/** What a call's failure says, in the page's language. */
export function useFailure() {
  const { t } = useTranslation('core');
  return (failure: unknown) => failureText(t, failure as never, 'hrPage.failed');
}

/** What a send said above its form or button: that it worked, or why not (in the page's language). */
export type Said = { kind: 'error' | 'success'; text: string };

export interface SubmitOptions<R> {
  /** Said once it worked (from the answer, when that tells more). */
  success?: string | ((res: R) => string);
  /** API path prefixes whose lists load again once it worked. */
  refresh?: string[];
  /** Then, once they have: close the form, open what was made, tell the list; awaited. */
  done?: (res: R) => unknown;
  /** A refusal the form answers itself (asks for a reason, offers an upgrade): true when it did. */
  refused?: (res: R) => boolean;
}

/**
 * A form's or a button's send, the same way everywhere: `submit(send, options)` clears what was said,
 * sends, and when it worked says `success`, loads the lists under `refresh` again, then calls `done`;
 * a refusal or a failed call is said in the page's language (unless `refused` answered it). `busy` while
 * it runs. A form checks its fields before calling `submit` (and may `setMessage` what it found).
 */
export function useSubmit() {
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Said | null>(null);
  async function submit<R extends { ok: boolean }>(send: () => Promise<R>, options: SubmitOptions<R> = {}) {
    const { success, refresh = [], done, refused } = options;
    setBusy(true);
    setMessage(null);
    try {
      const res = await send();
      if (res.ok) {
        if (success !== undefined)
          setMessage({ kind: 'success', text: typeof success === 'string' ? success : success(res) });
        await Promise.all(refresh.map((path) => refreshApi(path)));
        await done?.(res);
      } else if (!refused?.(res)) setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }
  return { submit, busy, message, setMessage };
}

/** A form's text field as the API takes it: trimmed, and null when left empty (which clears it). */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
