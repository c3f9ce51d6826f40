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
