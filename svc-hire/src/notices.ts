import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';

/** svc-hire's notices in every language the platform speaks; the platform inbox stores and mails them. */
const TEXTS = {
  shortlisted: (job: string): Translated => ({
    en: `Your application for ${job} was shortlisted`,
    sw: `Ombi lako la kazi ya ${job} limeingia kwenye orodha fupi`,
    fr: `Votre candidature pour ${job} a été présélectionnée`,
  }),
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

/**
 * The applicant hears of the clinic's decision (or its shortlist) at once, with the clinic's message if it
 * wrote one.
 */
export function decisionNotice(
  applicantId: string,
  jobTitle: string,
  decision: 'shortlisted' | 'accepted' | 'rejected',
  message: string,
) {
  return makeNotice('hire', {
    userId: applicantId,
    kind: 'hire.application-decided',
    title: TEXTS[decision](jobTitle),
    body: message,
    link: '/userdashboard',
    email: 'now',
  });
}

/** A new job matching a saved search: in the inbox now, by e-mail in the daily digest. */
export function jobAlertNotice(
  userId: string,
  job: { id: string; title: string; organization: string; location: string },
) {
  return makeNotice('hire', {
    userId,
    kind: 'hire.job-alert',
    title: TEXTS.jobAlert(job.title),
    body: `${job.organization} · ${job.location}`,
    link: `/hire/${job.id}`,
    email: 'digest',
  });
}
