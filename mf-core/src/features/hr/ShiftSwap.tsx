import './texts';
import type { MyShift } from '@platform/svc-core/contract';
import { Alert, Button, useDateFormat, useTranslation } from '@platform/ui';
import { coreApi } from '../../api';
import { useSubmit } from './hr-access';

/** One's shifts and the swap lists, loaded again after a change. */
export const SWAP_LISTS = ['/api/core/shifts/mine', '/api/core/swap-offers'];

/**
 * One's own published shift in "my shifts": offer it for swap to colleagues of one's profession, see that
 * it waits for a colleague or who took it, and withdraw the offer until the manager decides. The server
 * decides whether it may be offered (its own, published, not begun).
 */
export function ShiftSwap({ shift }: { shift: MyShift }) {
  const { t } = useTranslation('core');
  const date = useDateFormat('UTC');
  const { submit, busy, message } = useSubmit();
  const label = `${shift.shiftName}, ${date(shift.day)}`;
  const swap = shift.swap ?? null;
  const run = (send: () => Promise<{ ok: boolean }>, done: string) =>
    submit(send, { success: done, refresh: SWAP_LISTS });

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
