/**
 * One interface for sending a text message. The platform's provider is Africa's Talking
 * (`africas-talking.ts`); the local sandbox speaks the same API. A provider only reports what happened to
 * one message: the SMS sender decides about retries and records the result once.
 */
export interface SmsRequest {
  /** International form: `+2547XXXXXXXX`. */
  to: string;
  message: string;
}

export type SmsOutcome =
  /** Accepted by the provider for delivery. */
  | { state: 'sent'; messageId: string; status: string; cost: string | null }
  /** Refused for good (an invalid number, a number that opted out): trying again cannot help. */
  | { state: 'rejected'; status: string }
  /** Not sent this time (network, the provider's own error, no balance): worth another try later. */
  | { state: 'retry'; status: string };

export interface SmsProvider {
  readonly name: string;
  send(request: SmsRequest): Promise<SmsOutcome>;
}
