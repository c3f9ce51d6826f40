import type { FastifyBaseLogger } from 'fastify';
import type { EmailLinkPurpose, UserRow } from '../db/schema';
import type { EmailLinkStore } from '../stores/email-link-store';
import type { Mailer } from './mailer';

/** Where each link opens on the site (mf-core's pages); the secret follows in the fragment. */
const LINK_PAGES: Record<EmailLinkPurpose, string> = {
  'password-reset': '/reset-password',
  'sign-in': '/login/link',
  'email-verify': '/verify-email',
};

/**
 * The e-mails about an account: one-time links and the word to an owner whose address someone tried to
 * sign up with. They are sent after the answer (`later`), so an answer's content and timing are the same
 * whether or not the address has an account. Without SMTP_URL nothing is sent (and no link is made).
 */
export class AccountMail {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer | undefined,
    private readonly links: EmailLinkStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `work` once the current answer is on its way; a failure is logged (the person may ask again). */
  later(work: () => Promise<void>): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.warn({ err }, 'an account e-mail was not sent'))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** A new one-time link of `purpose` to the account's address (none beyond the per-account limit). */
  async sendLink(user: UserRow, purpose: EmailLinkPurpose): Promise<void> {
    if (!this.mailer) {
      this.log.warn({ purpose }, 'SMTP_URL is not set: an e-mail with a one-time link was not sent');
      return;
    }
    const secret = await this.links.issue(user, purpose);
    if (!secret) return;
    await this.mailer.sendAccountMail(user, purpose, `${LINK_PAGES[purpose]}#token=${secret}`);
  }

  /** Someone tried to sign up with this account's address: its owner is told, nobody else. */
  async signupTaken(user: UserRow): Promise<void> {
    if (!this.mailer) return;
    await this.mailer.sendAccountMail(user, 'signupTaken', '/login');
  }

  /** Waits for every e-mail under way (the service is closing). */
  async drain(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
