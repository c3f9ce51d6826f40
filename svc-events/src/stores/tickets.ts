import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db';

/**
 * Check-in tickets: `<registration id>.<event id>.<HMAC-SHA256>`, so a scanner's code is checked by its
 * signature alone (no database round trip) before anything is looked up. The key is made once per
 * database and kept in it: every instance of the service signs alike, and no secret needs deploying.
 */
export class Tickets {
  private constructor(private readonly key: Buffer) {}

  static async load(db: Db): Promise<Tickets> {
    await db.execute(
      sql`insert into events.signing_keys (name, key) values ('ticket', ${randomBytes(32).toString('base64')}) on conflict (name) do nothing`,
    );
    const rows = await db.execute<{ key: string }>(
      sql`select key from events.signing_keys where name = 'ticket'`,
    );
    return new Tickets(Buffer.from(rows[0]!.key, 'base64'));
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  sign(registrationId: string, eventId: string): string {
    const payload = `${registrationId}.${eventId}`;
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /**
   * The short code of the same ticket, for typing at the door when no camera can scan it:
   * `<registration seq>-<MAC>` in Crockford base32 (digits and capitals without I, L, O, U), e.g.
   * `00K7-F39QX2`. The MAC (30 bits) binds the event, so a code is checked by its signature alone too.
   */
  code(eventId: string, seq: number): string {
    return `${base32(seq).padStart(4, '0')}-${this.codeMac(eventId, seq)}`;
  }

  private codeMac(eventId: string, seq: number): string {
    const mac = this.mac(`code.${eventId}.${seq}`);
    // 30 bits: six base32 digits.
    return base32(mac.readUInt32BE(0) >>> 2)
      .padStart(6, '0')
      .slice(-6);
  }

  /**
   * The registration (by its arrival number) a genuine short code names for this event; undefined for a
   * code that is not one (mistyped, another event's, invented). Spaces, dashes and case do not matter, and
   * the letters people confuse with digits (O, I, L) read as those digits.
   */
  verifyCode(eventId: string, typed: string): { seq: number } | undefined {
    const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
    if (!/^[0-9A-HJKMNP-TV-Z]{7,19}$/.test(text)) return undefined;
    const seq = fromBase32(text.slice(0, -6));
    if (!Number.isSafeInteger(seq) || seq < 1) return undefined;
    const given = Buffer.from(text.slice(-6));
    const expected = Buffer.from(this.codeMac(eventId, seq));
    return timingSafeEqual(given, expected) ? { seq } : undefined;
  }

  /** The registration and event a genuine ticket names; undefined for anything forged or mangled. */
  verify(ticket: string): { registrationId: string; eventId: string } | undefined {
    const parts = ticket.split('.');
    if (parts.length !== 3) return undefined;
    const [registrationId, eventId, sig] = parts as [string, string, string];
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(`${registrationId}.${eventId}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { registrationId, eventId };
  }
}

const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const base32 = (n: number): string => {
  let out = '';
  do {
    out = DIGITS[n % 32] + out;
    n = Math.floor(n / 32);
  } while (n > 0);
  return out;
};
const fromBase32 = (text: string): number => [...text].reduce((n, c) => n * 32 + DIGITS.indexOf(c), 0);
