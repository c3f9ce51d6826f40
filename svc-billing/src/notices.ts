import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';
import type { InvoiceRow } from './db/schema';
import { kshText, type Cents } from './domain/money';

/** svc-billing's notices in every language the platform speaks; the platform inbox stores and mails them. */
const TEXTS = {
  reminder: (day: string, amount: string): Translated => ({
    en: `Your subscription renews on ${day}: ${amount}`,
    sw: `Usajili wako utasasishwa tarehe ${day}: ${amount}`,
    fr: `Votre abonnement se renouvelle le ${day} : ${amount}`,
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

/** Every billing notice goes to the billing contact's inbox and e-mail at once, and leads to /billing. */
const billingNotice = (accountId: string, kind: string, title: Translated) =>
  makeNotice('billing', { userId: accountId, kind, title, link: '/billing', email: 'now' });

/** Three days before the period ends, with what the renewal will ask. */
export const renewalReminderNotice = (accountId: string, periodEnd: Date, amount: Cents) =>
  billingNotice(accountId, 'billing.renewal-reminder', TEXTS.reminder(dayOf(periodEnd), kshText(amount)));

/** On the due date and each retry: the STK prompt went to the billing contact, or pay from /billing. */
export const renewalRequestNotice = (accountId: string, graceEnd: Date) =>
  billingNotice(accountId, 'billing.renewal-requested', TEXTS.request(dayOf(graceEnd)));

/** A payment is paid: its invoice's number and amount; both PDFs are on /billing (a notice has no attachment). */
export const invoiceIssuedNotice = (accountId: string, invoice: InvoiceRow) =>
  billingNotice(accountId, 'billing.invoice-issued', TEXTS.invoice(kshText(invoice.gross), invoice.number));
