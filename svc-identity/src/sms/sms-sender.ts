import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Language, Translated } from '@platform/contracts';
import type * as schema from '../db/schema';
import { notifications, smsMessages, users } from '../db/schema';
import { inLanguage } from '../notifications/mail-texts';
import { internationalNumber } from './phone';
import type { SmsOutcome, SmsProvider } from './provider';

type Db = PostgresJsDatabase<typeof schema>;

export interface SmsSenderOptions {
  /** The site's public address: the link in a text is absolute. */
  publicUrl: string;
  /** The country a national number (0712…) is read in: `254`. */
  defaultCountryCode: string;
  /** Provider calls per message before it is given up. */
  maxAttempts?: number;
}

type DueSms = {
  id: string;
  title: Translated;
  link: string;
  phone: string;
  language: Language;
  status: string;
  attempts: number;
  created_at: string | Date;
};

const BATCH = 10;
/** A text not sent within a day of its notice is not sent any more (an alert of yesterday is stale). */
const MAX_AGE_MS = 24 * 3600_000;
/** A text holds 160 characters; longer ones go as several (and cost as several). */
const MAX_TEXT = 300;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Sends the SMS of notices that asked for one. Rows are claimed in Postgres (`for update skip locked`),
 * so several instances sweeping at once never text one notice twice, and the result is recorded in the
 * claim's transaction: a message the provider accepted is never sent again. A provider's passing failure
 * is retried with a growing delay, at most `maxAttempts` times; a number it refuses is not retried.
 */
export class SmsSender {
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly opts: SmsSenderOptions,
  ) {
    this.maxAttempts = opts.maxAttempts ?? 5;
  }

  /** Sends every text due at `now`; answers how many the provider accepted. */
  async sweep(now = new Date()): Promise<number> {
    let accepted = 0;
    for (;;) {
      const { claimed, sent } = await this.db.transaction(async (tx) => {
        const rows = await tx.execute<DueSms>(sql`
          select s.notification_id as id, n.title, n.link, u.phone, u.language, u.status, s.attempts, s.created_at
          from ${smsMessages} s
          join ${notifications} n on n.id = s.notification_id
          join ${users} u on u.id = s.user_id
          where s.state = 'due' and s.next_attempt_at <= ${iso(now)}
          order by s.next_attempt_at
          limit ${BATCH}
          for update of s skip locked`);
        let sent = 0;
        for (const row of rows) {
          const result = await this.attempt(row, now);
          if (result.state === 'sent') sent += 1;
          await tx.execute(this.record(row, result, now));
        }
        return { claimed: rows.length, sent };
      });
      accepted += sent;
      if (claimed < BATCH) return accepted;
    }
  }

  /** One message's try; what cannot be sent at all (no number, a closed account, too late) is not tried. */
  private async attempt(row: DueSms, now: Date): Promise<SmsOutcome & { phone?: string }> {
    if (now.getTime() - new Date(row.created_at).getTime() > MAX_AGE_MS)
      return { state: 'rejected', status: 'not sent within a day of its notice' };
    if (row.status !== 'active') return { state: 'rejected', status: 'account not active' };
    const phone = internationalNumber(row.phone, this.opts.defaultCountryCode);
    if (!phone) return { state: 'rejected', status: row.phone ? 'not a phone number' : 'no phone number' };
    const outcome = await this.provider.send({ to: phone, message: this.text(row) });
    return { ...outcome, phone };
  }

  private record(row: DueSms, result: SmsOutcome & { phone?: string }, now: Date) {
    const phone = result.phone ?? null;
    if (result.state === 'sent')
      return sql`update ${smsMessages} set state = 'sent', attempts = attempts + 1, phone = ${phone},
        provider_message_id = ${result.messageId}, provider_status = ${result.status}, cost = ${result.cost},
        sent_at = ${iso(now)}, error = null
        where notification_id = ${row.id}`;
    const attempts = row.attempts + (phone ? 1 : 0);
    const giveUp = result.state === 'rejected' || attempts >= this.maxAttempts;
    // 1, 2, 4, 8 … minutes between tries.
    const next = new Date(now.getTime() + 60_000 * 2 ** Math.max(0, attempts - 1));
    return sql`update ${smsMessages} set state = ${giveUp ? 'failed' : 'due'}, attempts = ${attempts},
      phone = ${phone}, provider_status = ${result.state === 'rejected' && phone ? result.status : null},
      next_attempt_at = ${iso(next)}, error = ${result.status}
      where notification_id = ${row.id}`;
  }

  /** The notice's title in the person's language and its link: `AfyaHR: <title> <link>`. */
  private text(row: DueSms): string {
    const url = new URL(row.link, this.opts.publicUrl).toString();
    const room = MAX_TEXT - url.length - 'AfyaHR: '.length - 1;
    const title = inLanguage(row.title, row.language);
    const clipped = title.length > room ? `${title.slice(0, Math.max(0, room - 1))}…` : title;
    return `AfyaHR: ${clipped} ${url}`;
  }
}
