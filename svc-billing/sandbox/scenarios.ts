/**
 * The sandbox's test numbers decide what happens to a payment, as Daraja's own sandbox number does:
 * 254708374149 and any number not listed here pay; the others fail in a known way.
 */
export type Scenario =
  | { kind: 'pay'; callback: boolean }
  | { kind: 'cancelled' }
  | { kind: 'insufficient_funds' }
  | { kind: 'timeout' };

export const TEST_NUMBERS = {
  pays: '254708374149',
  cancelledByUser: '254711000001',
  insufficientFunds: '254711000002',
  neverCallsBack: '254711000003',
  unreachable: '254711000004',
} as const;

export function scenarioFor(msisdn: string): Scenario {
  switch (msisdn) {
    case TEST_NUMBERS.cancelledByUser:
      return { kind: 'cancelled' };
    case TEST_NUMBERS.insufficientFunds:
      return { kind: 'insufficient_funds' };
    case TEST_NUMBERS.neverCallsBack:
      // The payment goes through but its callback is lost: only the status query learns it.
      return { kind: 'pay', callback: false };
    case TEST_NUMBERS.unreachable:
      return { kind: 'timeout' };
    default:
      return { kind: 'pay', callback: true };
  }
}
