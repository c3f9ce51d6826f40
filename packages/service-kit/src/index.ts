export { buildService, requestIdOf, type App, type ServiceOptions } from './service';
export { createLogger, OneLineAccessLog } from './logger';
export { loadConfig, readKey } from './config';
export { readTrustedProxies } from './trusted-proxies';
export {
  HttpError,
  GENERIC_CODES,
  badRequest,
  unauthorized,
  forbidden,
  notFound,
  conflict,
  tooManyRequests,
  describeValidation,
  errorHandler,
  refusal,
} from './errors';
export { authPlugin, ALLOWED_ALGORITHMS, hasCredentials, type JwtOptions } from './auth';
export {
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
  isCrossSiteWrite,
  mentionsSessionCookie,
  sessionCookieSettings,
  sessionCookieToken,
  type SessionCookieSettings,
} from './session-cookie';
export { createDatabase, type Database, type DatabaseOptions } from './db';
export { listenUntilSignalled, exitOnStartupError } from './serve';
export { AnswerCache } from './answer-cache';
export {
  KvCounts,
  SERVICE_RATE_LIMIT_WINDOW_MS,
  serviceRateLimitBucket,
  sharedRateLimitStore,
  storeInKv,
  storeOver,
  WindowCounts,
  type Callback,
  type Count,
  type CountStore,
  type KvCountsOptions,
} from './shared-counts';
export { addressKey } from './address-key';
export { CSV_BOM, csvCell, csvLine, toCsv } from './csv';
export { printable, type TextEncodingFont } from './pdf-text';
export {
  cappedCount,
  preparedCappedCount,
  isUniqueViolation,
  pageOf,
  textSearch,
  newestFirst,
  trimStrings,
} from './store-helpers';
export {
  MAX_TOKEN_LIFETIME_SECONDS,
  REQUIRED_CLAIMS,
  hasSoundClaims,
  personalCacheControl,
  type RevocationState,
} from './trust';
export { FollowedRevocations } from './revocations';
export { baseServiceEnv, readServiceConfig, type ServiceConfig } from './service-config';
export { connectServiceBus, type ServiceBusConfig } from './service-bus';
export { buildServiceRuntime, type ServiceRuntime, type ServiceRuntimeOptions } from './runtime';
export {
  entitlementsOf,
  followEntitlements,
  orgEntitlementsTable,
  requireEntitlement,
  type OrgEntitlementsTable,
} from './entitlements';
export { identityUserSync, type IdentityUserSyncOptions } from './identity-user-sync';
export { sanitizeAdminHtml, textOf } from './sanitize';
export {
  applyCredential,
  currentProfessions,
  verifiedProfessionsTable,
  type CredentialFacts,
  type VerifiedProfessionsTable,
} from './verified-professions';
export {
  DOCUMENT_FORMATS,
  IMAGE_FORMATS,
  documentFormatOf,
  imageFormatOf,
  isPdf,
  safeFileName,
  type DocumentFormat,
  type ImageFormat,
} from './uploads';
export {
  cronEvery,
  scheduledJobs,
  type ScheduledJob,
  type ScheduledJobs,
  type ScheduledJobsOptions,
} from './scheduled-jobs';
export { ServiceMetrics, registerMetrics } from './metrics';
export { busMetrics } from './bus-metrics';
export { contextOf, installTracing, onSpanEnd, requestContext, traceparentOf, tracer } from './tracing';
