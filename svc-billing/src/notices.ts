import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';
import type { InvoiceRow } from './db/schema';
import { kshText } from './domain/money';

/** svc-billing's notices in every language the platform speaks; the platform inbox stores and mails them. */
const TEXTS = {
  reminder: (day: string): Translated => ({
    en: `Your subscription renews on ${day}`,
    sw: `Usajili wako utasasishwa tarehe ${day}`,
    fr: `Votre abonnement se renouvelle le ${day}`,
  }),
  invoice: (amount: string, number: string): Translated => ({
    en: `Payment received: ${amount}, invoice ${number}. Download the invoice and its receipt from the billing page.`,
    sw: `Malipo yamepokelewa: ${amount}, ankara ${number}. Pakua ankara na risiti yake kwenye ukurasa wa malipo.`,
    fr: `Paiement reçu : ${amount}, facture ${number}. Téléchargez la facture et son reçu depuis la page de facturation.`,
  }),
  request: (day: string): Translated => ({
    en: `Your renewal payment is due: pay from the billing page before ${day}`,
    sw: `Malipo ya kusasisha usajili yanadaiwa: lipa kwenye ukurasa wa malipo kabla ya ${day}`,
    fr: `Le paiement de votre renouvellement est dû : payez depuis la page de facturation avant le ${day}`,
  }),
};

/** A date as the inbox shows it in every language: the day, unambiguous (YYYY-MM-DD, Nairobi). */
const dayOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', dateStyle: 'short' }).format(at);

/** Three days before the period ends: in the inbox and by e-mail now. */
export function renewalReminderNotice(accountId: string, periodEnd: Date) {
  return makeNotice('billing', {
    userId: accountId,
    kind: 'billing.renewal-reminder',
    title: TEXTS.reminder(dayOf(periodEnd)),
    link: '/billing',
    email: 'now',
  });
}

/** On the due date and each retry: the STK prompt went to the billing contact, or pay from /billing. */
export function renewalRequestNotice(accountId: string, graceEnd: Date) {
  return makeNotice('billing', {
    userId: accountId,
    kind: 'billing.renewal-requested',
    title: TEXTS.request(dayOf(graceEnd)),
    link: '/billing',
    email: 'now',
  });
}

/**
 * A payment is paid: its invoice's number and amount, in the inbox and by e-mail now, leading to /billing
 * where both PDFs are (a notice carries no attachment).
 */
export function invoiceIssuedNotice(accountId: string, invoice: InvoiceRow) {
  return makeNotice('billing', {
    userId: accountId,
    kind: 'billing.invoice-issued',
    title: TEXTS.invoice(kshText(invoice.gross), invoice.number),
    link: '/billing',
    email: 'now',
  });
}
