import type { KeyValueBucket } from '@platform/event-bus';
import { RATE_LIMIT_WINDOW_MS } from './shared-rate-limit';

export { KvCounts, storeInKv } from '@platform/service-kit';

/**
 * The bucket of the rate limit's counts shared by every gateway instance of a deployment
 * (`<PREFIX>GATEWAY-RATE-LIMITS`, made by the NATS user `streams` with the other streams), counted by
 * service-kit's `KvCounts` (shared-counts.ts: one key per client, a compare-and-set per count, this process's
 * memory while NATS cannot count). Keys live one window after their last write, so the bucket holds only
 * clients seen within the last minute.
 */
export const RATE_LIMIT_BUCKET: KeyValueBucket = {
  name: 'gateway-rate-limits',
  ttlMs: RATE_LIMIT_WINDOW_MS,
  // About 150 bytes a client in memory: some 200,000 clients a minute. Past it a count is refused and the
  // gateway counts that client in its own memory (as when NATS is down).
  maxBytes: 32 * 1024 * 1024,
};
