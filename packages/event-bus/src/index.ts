export type {
  BusLog,
  BusStats,
  ConsumerStats,
  EventBus,
  EventSchemas,
  FollowOptions,
  SubscribeOptions,
  Subscription,
} from './bus';
export { makeEnvelope } from './envelope';
export { makeNotice, asIs } from './notice';
export { recordAdminAction, makeAdminAction, auditSnapshot, type AdminAction } from './admin-action';
export {
  durableName,
  inboxPrefix,
  producerOf,
  streamName,
  streamSubjects,
  subjectFor,
  subjectToken,
} from './naming';
export {
  busPermissions,
  natsAuthorization,
  natsPasswordVariable,
  type BusAccount,
  type NatsPermissions,
} from './nats-permissions';
export { InMemoryEventBus, subjectMatches } from './in-memory';
export { NatsEventBus, type NatsBusOptions } from './nats';
export {
  DUPLICATE_WINDOW_MS,
  STREAM_MAX_AGE_MS,
  ensurePlatformStream,
  foreignSettings,
  makeStreams,
  streamConfig,
} from './streams';
export {
  bucketName,
  bucketStream,
  bucketSubjects,
  ensureBucket,
  isRevisionConflict,
  openBucket,
  type KeyValueBucket,
} from './key-value';
export type { KV, KvEntry } from '@nats-io/kv';
export { OPEN_NATS_SWITCH, admitsAnonymous, openNatsRefusal } from './open-server';
export { EventChecker, type EventCheck } from './event-check';
export { DEFAULT_MAX_DELIVER, retryDelayMs } from './delivery';
export {
  DEAD_LETTER_PRODUCER,
  DeadLetterHeader,
  deadLetterSubject,
  deadLetterSubjects,
  type DeadLetter,
  type DeadLetterReason,
} from './dead-letter';
export {
  outboxTable,
  processedEventsTable,
  enqueue,
  handleOnce,
  outboxChannel,
  type OutboxTable,
  type ProcessedEventsTable,
} from './outbox';
export { OutboxRelay, type RelayOptions } from './relay';
export { followIdentityUsers, type IdentityUserEvent } from './identity-users';
