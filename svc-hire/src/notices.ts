import { randomUUID } from 'node:crypto';
import { makeEnvelope } from '@platform/event-bus';
import {
  HireEvents,
  type EmailTiming,
  type Envelope,
  type NotificationRequestedData,
  type Translated,
} from '@platform/contracts';

/** svc-hire's notices in every language the platform speaks; the platform inbox stores and mails them. */
const TEXTS = {
  accepted: (job: string): Translated => ({
    en: `Your application for ${job} was accepted`,
    sw: `Ombi lako la kazi ya ${job} limekubaliwa`,
    fr: `Votre candidature pour ${job} a été acceptée`,
  }),
  rejected: (job: string): Translated => ({
    en: `Your application for ${job} was not successful`,
    sw: `Ombi lako la kazi ya ${job} halikufanikiwa`,
    fr: `Votre candidature pour ${job} n’a pas été retenue`,
  }),
  jobAlert: (job: string): Translated => ({
    en: `New job matching your alert: ${job}`,
    sw: `Kazi mpya inayolingana na arifa yako: ${job}`,
    fr: `Nouvel emploi correspondant à votre alerte : ${job}`,
  }),
};

/** The same text in every language: what a person wrote, or names that are not translated. */
const asIs = (text: string): Translated => ({ en: text, sw: text, fr: text });

function notice(
  userId: string,
  kind: string,
  title: Translated,
  body: string,
  link: string,
  email: EmailTiming,
): Envelope<NotificationRequestedData> {
  return makeEnvelope<NotificationRequestedData>(HireEvents.notificationRequested, {
    id: randomUUID(),
    userId,
    kind,
    title,
    ...(body ? { body: asIs(body) } : {}),
    link,
    email,
    createdAt: new Date().toISOString(),
  });
}

/** The applicant hears of the clinic's decision at once, with the clinic's message if it wrote one. */
export function decisionNotice(
  applicantId: string,
  jobTitle: string,
  decision: 'accepted' | 'rejected',
  message: string,
) {
  return notice(
    applicantId,
    'hire.application-decided',
    TEXTS[decision](jobTitle),
    message,
    '/userdashboard',
    'now',
  );
}

/** A new job matching a saved search: in the inbox now, by e-mail in the daily digest. */
export function jobAlertNotice(
  userId: string,
  job: { id: string; title: string; organization: string; location: string },
) {
  return notice(
    userId,
    'hire.job-alert',
    TEXTS.jobAlert(job.title),
    `${job.organization} · ${job.location}`,
    `/hire/${job.id}`,
    'digest',
  );
}
