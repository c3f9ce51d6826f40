import './texts';
import { useState } from 'react';
import type { MyShift } from '@platform/svc-core/contract';
import { refreshApi } from '@platform/data';
import { Alert, Button, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useFailure } from './hr-access';

/** Reloads one's shifts and the swap lists after a change. */
export const refreshSwaps = () =>
  Promise.all([refreshApi('/api/core/shifts/mine'), refreshApi('/api/core/swap-offers')]);

/**
 * One's own published shift in "my shifts": offer it for swap to colleagues of one's profession, see that
 * it waits for a colleague or who took it, and withdraw the offer until the manager decides. The server
 * decides whether it may be offered (its own, published, not begun).
 */
export function ShiftSwap({ shift }: { shift: MyShift }) {
  const { t } = useTranslation('core');
  const failure = useFailure();
  const date = useDateFormat('UTC');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const label = `${shift.shiftName}, ${date(shift.day)}`;
  const swap = shift.swap ?? null;

  async function run(send: () => Promise<{ ok: boolean }>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      const res = await send();
      if (res.ok) {
        setMessage({ kind: 'success', text: done });
        await refreshSwaps();
      } else setMessage({ kind: 'error', text: failure(res) });
    } catch (caught) {
      setMessage({ kind: 'error', text: failure(caught) });
    }
    setBusy(false);
  }

  return (
    <>
      {swap?.status === 'open' && <> · {t('swaps.offered')}</>}
      {swap?.status === 'taken' && <> · {t('swaps.takenBy', { name: swap.takenBy ?? '' })}</>}{' '}
      {swap ? (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void run(() => coreApi.withdrawSwap(swap.id), t('swaps.withdrawn'))}
          aria-label={t('swaps.withdrawFor', { shift: label })}
        >
          {t('swaps.withdraw')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void run(() => coreApi.offerSwap(shift.id), t('swaps.offeredDone'))}
          aria-label={t('swaps.offerFor', { shift: label })}
        >
          {t('swaps.offer')}
        </Button>
      )}
      <span aria-live="polite">{message && <Alert kind={message.kind}>{message.text}</Alert>}</span>
    </>
  );
}
