export * from './db';
export * from './nats';
export * from './find-postgres';
export * from './find-nats';
export * from './test-servers';
export * from './tokens';
export { chromiumPath, CHROMIUM_ARGS } from './browser';
export { eventually } from './eventually';
export { rawRequest, type RawRequest, type RawResponse } from './http';
export { serviceTestEnv, type ServiceTestEnv } from './service-env';
export { startServiceForTest, type Persona, type ServiceContext } from './service-context';
export { userEvent } from './identity-events';
export {
  answersWithin,
  billingConsumerReady,
  entitlementsWith,
  fakeBilling,
  type FakeBilling,
} from './billing-events';
export { XSS_PAYLOADS } from './xss-payloads';
export { pdfText } from './pdf-text';
export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
export {
  LOGIN_BURST,
  attackerAddress,
  countStatuses,
  homeAddress,
  loginFrom,
  replayLoginBurst,
  type BurstPerson,
  type LoginBurstResult,
} from './login-burst';
export type { FuzzFixtures, FuzzRole, FuzzService, FuzzTarget, TrustTarget } from './security-targets';
