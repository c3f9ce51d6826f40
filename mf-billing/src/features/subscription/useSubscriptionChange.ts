import { useState } from 'react';
import { refreshApi } from '@platform/data';
import type { ApiResult } from '@platform/shell-state';
import type { SubscriptionResponse } from '@platform/svc-billing/contract';

/**
 * One change of the subscription at a time (cancel, resume, a downgrade): busy while it is sent, the plan
 * reloaded when it is made, the refusal kept to show (`failureText`) when not.
 */
export function useSubscriptionChange() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = async (request: () => Promise<ApiResult<SubscriptionResponse>>) => {
    setBusy(true);
    setFailure(null);
    const res = await request().catch((err: unknown) => err);
    setBusy(false);
    if (res && typeof res === 'object' && 'ok' in res && res.ok)
      await refreshApi('/api/billing/subscription');
    else setFailure(res);
  };
  return { busy, failure, run };
}
