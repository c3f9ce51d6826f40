import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Language, Translated } from '@platform/contracts';
import type * as schema from '../db/schema';
import { emailDigests, notifications, users } from '../db/schema';
import { ACCOUNT_MAILS, MAIL_TEXTS, escapeHtml, inLanguage } from './mail-texts';

type Db = PostgresJsDatabase<typeof schema>;

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** The site's public address: links in e-mails are absolute. */
  publicUrl: string;
}

/** A notice as an e-mail lists it. */
type DueNotice = {
  id: string;
  title: Translated;
  body: Translated | null;
  link: string;
};

export type Recipient = {
  email: string;
  language: Language;
};

const DAY_MS = 24 * 3600_000;
/** A time as a raw-SQL parameter (the driver takes Dates only through drizzle's columns). */
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** An immediate notice older than this is not mailed any more (e.g. SMTP configured later). */
const NOW_MAIL_MAX_AGE_MS = DAY_MS;

/**
 * Sends the inbox's e-mails over SMTP. Rows are claimed in Postgres (`for update skip locked`), so
 * several instances sweeping at once never send one notice twice; a failed send rolls the claim back and
 * the next sweep retries it. Digests: at most one per person per day (email_digests.sent_at).
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly opts: MailerOptions,
  ) {
    this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  close(): void {
    this.transport.close();
  }

  /**
   * Sends one e-mail about the account itself (ACCOUNT_MAILS) at once, with its action's link: a
   * one-time link's secret travels in the fragment, which browsers send to no server.
   */
  async sendAccountMail(to: Recipient, kind: keyof typeof ACCOUNT_MAILS, link: string): Promise<void> {
    const texts = ACCOUNT_MAILS[kind];
    const lang = to.language;
    const subject = inLanguage(texts.subject, lang);
    const body = inLanguage(texts.body, lang);
    const action = inLanguage(texts.action, lang);
    const footer = inLanguage(MAIL_TEXTS.footer, lang);
    const url = this.url(link);
    await this.transport.sendMail({
      from: this.opts.from,
      to: to.email,
      subject,
      text: [body, `${action}: ${url}`, '', footer].join('\n\n'),
      html: page(
        lang,
        `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
        footer,
      ),
    });
  }

  /** Sends what is due: every immediate notice, then the digests whose day has come. */
  async sweep(now = new Date()): Promise<void> {
    await this.sendImmediate(now);
    await this.sendDigests(now);
  }

  private async sendImmediate(now: Date): Promise<void> {
    for (;;) {
      const sent = await this.db.transaction(async (tx) => {
        const rows = await tx.execute<DueNotice & Recipient>(sql`
          select n.id, n.title, n.body, n.link, u.email, u.language
          from ${notifications} n join ${users} u on u.id = n.user_id
          where n.email = 'now' and n.emailed_at is null and u.status = 'active'
            and n.created_at > ${iso(new Date(now.getTime() - NOW_MAIL_MAX_AGE_MS))}
          order by n.created_at
          limit 20
          for update of n skip locked`);
        for (const row of rows) {
          await this.transport.sendMail(this.single(row, row));
          await tx.execute(sql`update ${notifications} set emailed_at = ${iso(now)} where id = ${row.id}`);
        }
        return rows.length;
      });
      if (sent < 20) return;
    }
  }

  private async sendDigests(now: Date): Promise<void> {
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const due = await this.db.execute<{ user_id: string }>(sql`
      select distinct n.user_id from ${notifications} n
      left join ${emailDigests} d on d.user_id = n.user_id
      where n.email = 'digest' and n.emailed_at is null and (d.sent_at is null or d.sent_at <= ${iso(dayAgo)})
      limit 100`);
    for (const { user_id: userId } of due) {
      await this.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ${emailDigests} (user_id, sent_at) values (${userId}, 'epoch') on conflict do nothing`,
        );
        // The person's digest row is the claim: another instance holding it, or a digest sent within the
        // day, means nothing to do here.
        const [claim] = await tx.execute(sql`
          select 1 from ${emailDigests} where user_id = ${userId} and sent_at <= ${iso(dayAgo)}
          for update skip locked`);
        if (!claim) return;
        const [recipient] = await tx.execute<Recipient>(
          sql`select email, language from ${users} where id = ${userId} and status = 'active'`,
        );
        const notices = await tx.execute<DueNotice>(sql`
          select id, title, body, link from ${notifications}
          where user_id = ${userId} and email = 'digest' and emailed_at is null
          order by created_at limit 50`);
        if (!recipient || notices.length === 0) return;
        await this.transport.sendMail(this.digest(recipient, [...notices]));
        await tx.execute(sql`
          update ${notifications} set emailed_at = ${iso(now)}
          where id in (${sql.join(
            notices.map((n) => sql`${n.id}`),
            sql`, `,
          )})`);
        await tx.execute(sql`update ${emailDigests} set sent_at = ${iso(now)} where user_id = ${userId}`);
      });
    }
  }

  private url(link: string): string {
    return new URL(link, this.opts.publicUrl).toString();
  }

  private single(to: Recipient, n: DueNotice) {
    const lang = to.language;
    const title = inLanguage(n.title, lang);
    const body = n.body ? inLanguage(n.body, lang) : '';
    const url = this.url(n.link);
    const open = inLanguage(MAIL_TEXTS.open, lang);
    const footer = inLanguage(MAIL_TEXTS.footer, lang);
    return {
      from: this.opts.from,
      to: to.email,
      subject: title,
      text: [title, body, `${open}: ${url}`, '', footer].filter((l) => l !== '').join('\n\n'),
      html: page(
        lang,
        `<h1>${escapeHtml(title)}</h1>${body ? `<p>${escapeHtml(body)}</p>` : ''}` +
          `<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>`,
        footer,
      ),
    };
  }

  private digest(to: Recipient, notices: DueNotice[]) {
    const lang = to.language;
    const items = notices.map((n) => ({
      title: inLanguage(n.title, lang),
      body: n.body ? inLanguage(n.body, lang) : '',
      url: this.url(n.link),
    }));
    const intro = inLanguage(MAIL_TEXTS.digestIntro, lang);
    const footer = inLanguage(MAIL_TEXTS.footer, lang);
    return {
      from: this.opts.from,
      to: to.email,
      subject: inLanguage(MAIL_TEXTS.digestSubject, lang),
      text: [
        intro,
        ...items.map((i) => [`- ${i.title}`, i.body, `  ${i.url}`].filter(Boolean).join('\n')),
        footer,
      ].join('\n\n'),
      html: page(
        lang,
        `<p>${escapeHtml(intro)}</p><ul>${items
          .map(
            (i) =>
              `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>` +
              `${i.body ? `<br>${escapeHtml(i.body)}` : ''}</li>`,
          )
          .join('')}</ul>`,
        footer,
      ),
    };
  }
}

function page(lang: Language, content: string, footer: string): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#4A4A4A">${content}<hr><p style="font-size:12px">${escapeHtml(footer)}</p></body></html>`;
}
