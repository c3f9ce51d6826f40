import type { Language, Translated } from '@platform/contracts';

/** The words svc-identity's e-mails add around a notice, in each language the platform speaks. */
export const MAIL_TEXTS = {
  open: { en: 'Open on AfyaHR', sw: 'Fungua kwenye AfyaHR', fr: 'Ouvrir sur AfyaHR' },
  digestSubject: {
    en: 'Your AfyaHR notifications',
    sw: 'Arifa zako za AfyaHR',
    fr: 'Vos notifications AfyaHR',
  },
  digestIntro: {
    en: 'Here is what happened since your last summary:',
    sw: 'Haya ndiyo yaliyotokea tangu muhtasari wako uliopita:',
    fr: 'Voici ce qui s’est passé depuis votre dernier récapitulatif :',
  },
  footer: {
    en: 'You receive this e-mail because you have an AfyaHR account.',
    sw: 'Unapokea barua pepe hii kwa sababu una akaunti ya AfyaHR.',
    fr: 'Vous recevez cet e-mail parce que vous avez un compte AfyaHR.',
  },
} satisfies Record<string, Translated>;

export const inLanguage = (text: Translated, language: Language): string => text[language] || text.en;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Notice texts come from other modules and, in part, from people (a clinic's message): always escaped. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
