import { randomUUID } from 'node:crypto';
import {
  notificationRequestedType,
  type EmailTiming,
  type Envelope,
  type NotificationRequestedData,
  type Translated,
} from '@platform/contracts';
import { makeEnvelope } from './envelope';

/** The same text in every language: what a person wrote, or names that are not translated. */
export const asIs = (text: string): Translated => ({ en: text, sw: text, fr: text });

/**
 * A notice for the platform inbox (`<producer>.notification.requested.v1`), to enqueue in the outbox with
 * the change it tells of: the module writes its texts in every language, the inbox stores and mails them.
 */
export function makeNotice(
  producer: string,
  notice: {
    userId: string;
    kind: string;
    title: Translated;
    body?: string;
    link: string;
    email: EmailTiming;
    /** Also by SMS where the platform has an SMS provider. */
    sms?: boolean;
  },
): Envelope<NotificationRequestedData> {
  const { body, ...rest } = notice;
  return makeEnvelope<NotificationRequestedData>(notificationRequestedType(producer), {
    id: randomUUID(),
    ...rest,
    ...(body ? { body: asIs(body) } : {}),
    createdAt: new Date().toISOString(),
  });
}
