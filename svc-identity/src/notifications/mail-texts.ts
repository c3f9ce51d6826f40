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

/** The e-mails about the account itself: a one-time link each, or (signupTaken) a word to the owner. */
export const ACCOUNT_MAILS = {
  'password-reset': {
    subject: {
      en: 'Reset your AfyaHR password',
      sw: 'Weka upya nenosiri lako la AfyaHR',
      fr: 'Réinitialisez votre mot de passe AfyaHR',
    },
    body: {
      en: 'Someone asked to reset the password of your AfyaHR account. Open this link within 30 minutes to choose a new one; every device signed in to your account is then signed out. If it was not you, ignore this e-mail: your password stays as it is.',
      sw: 'Mtu ameomba kuweka upya nenosiri la akaunti yako ya AfyaHR. Fungua kiungo hiki ndani ya dakika 30 kuchagua jipya; kila kifaa kilichoingia kwenye akaunti yako kitatolewa. Kama si wewe, puuza barua pepe hii: nenosiri lako linabaki lilivyo.',
      fr: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte AfyaHR. Ouvrez ce lien dans les 30 minutes pour en choisir un nouveau ; tous les appareils connectés à votre compte seront alors déconnectés. Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
    },
    action: {
      en: 'Choose a new password',
      sw: 'Chagua nenosiri jipya',
      fr: 'Choisir un nouveau mot de passe',
    },
  },
  'sign-in': {
    subject: {
      en: 'Your AfyaHR sign-in link',
      sw: 'Kiungo chako cha kuingia AfyaHR',
      fr: 'Votre lien de connexion AfyaHR',
    },
    body: {
      en: 'Someone asked for a link to sign in to your AfyaHR account without its password. It works once, within 15 minutes. If it was not you, ignore this e-mail and consider changing your password.',
      sw: 'Mtu ameomba kiungo cha kuingia kwenye akaunti yako ya AfyaHR bila nenosiri. Kinafanya kazi mara moja, ndani ya dakika 15. Kama si wewe, puuza barua pepe hii na ufikirie kubadilisha nenosiri lako.',
      fr: 'Quelqu’un a demandé un lien pour se connecter à votre compte AfyaHR sans mot de passe. Il fonctionne une fois, dans les 15 minutes. Si ce n’était pas vous, ignorez cet e-mail et pensez à changer votre mot de passe.',
    },
    action: { en: 'Sign in to AfyaHR', sw: 'Ingia AfyaHR', fr: 'Se connecter à AfyaHR' },
  },
  'email-verify': {
    subject: {
      en: 'Confirm your e-mail address for AfyaHR',
      sw: 'Thibitisha barua pepe yako kwa AfyaHR',
      fr: 'Confirmez votre adresse e-mail pour AfyaHR',
    },
    body: {
      en: 'Open this link within 48 hours to confirm that this address is yours. Organisations can then invite you to their team, and your connections receive your contact details.',
      sw: 'Fungua kiungo hiki ndani ya saa 48 kuthibitisha kwamba anwani hii ni yako. Kisha mashirika yanaweza kukualika kwenye timu zao, na miunganisho yako inapokea mawasiliano yako.',
      fr: 'Ouvrez ce lien dans les 48 heures pour confirmer que cette adresse est la vôtre. Les organisations pourront alors vous inviter dans leur équipe, et vos relations recevront vos coordonnées.',
    },
    action: { en: 'Confirm my address', sw: 'Thibitisha anwani yangu', fr: 'Confirmer mon adresse' },
  },
  signupTaken: {
    subject: {
      en: 'Someone tried to sign up with your address',
      sw: 'Mtu alijaribu kujisajili kwa anwani yako',
      fr: 'Quelqu’un a tenté de s’inscrire avec votre adresse',
    },
    body: {
      en: 'Someone tried to create an AfyaHR account with this e-mail address, which already has one. If it was you, sign in instead; if you forgot your password, reset it from the sign-in page. If it was not you, nothing changed.',
      sw: 'Mtu alijaribu kufungua akaunti ya AfyaHR kwa barua pepe hii, ambayo tayari ina akaunti. Kama ni wewe, ingia badala yake; kama umesahau nenosiri lako, liweke upya kutoka ukurasa wa kuingia. Kama si wewe, hakuna kilichobadilika.',
      fr: 'Quelqu’un a tenté de créer un compte AfyaHR avec cette adresse e-mail, qui en a déjà un. Si c’était vous, connectez-vous ; si vous avez oublié votre mot de passe, réinitialisez-le depuis la page de connexion. Sinon, rien n’a changé.',
    },
    action: { en: 'Sign in', sw: 'Ingia', fr: 'Se connecter' },
  },
} satisfies Record<string, { subject: Translated; body: Translated; action: Translated }>;

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
