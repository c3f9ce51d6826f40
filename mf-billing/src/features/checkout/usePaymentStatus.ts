import { useEffect, useState } from 'react';
import type { Payment } from '@platform/svc-billing/contract';
import { billingApi } from '../../api';

/** How often a pending payment is asked about (the sandbox's phone answers after about 2 s). */
export const POLL_MS = 1500;

/**
 * A payment's live status: asked again every POLL_MS while it is pending, then left alone. A failed
 * request is retried on the next tick (the network may come back; the payment goes on without us).
 */
export function usePaymentStatus(id: string | null, first?: Payment): Payment | null {
  const [payment, setPayment] = useState<Payment | null>(first ?? null);
  useEffect(() => {
    setPayment(first ?? null);
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const res = await billingApi.payment(id).catch(() => null);
      if (stopped) return;
      const current = res?.ok ? res.body.data : null;
      if (current) setPayment(current);
      if (!current || current.status === 'pending') timer = setTimeout(() => void ask(), POLL_MS);
    };
    if (first && first.status !== 'pending') return;
    timer = setTimeout(() => void ask(), first ? POLL_MS : 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // `first` is the checkout's own answer for this id: a new id brings a new one.
  }, [id]);
  return payment;
}
