import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminActionRecordedData, Envelope } from '@platform/contracts';
import type { AuditEntry, AuditQuery } from '../../contract';
import { cappedCount, pageOf, textSearch } from '@platform/service-kit';
import { auditLog, type AuditRow } from '../db/schema';
import type { Db, Tx } from './db';

/** The chain starts from this, as if before the first entry. */
export const GENESIS = '0'.repeat(64);
const DAY_MS = 86_400_000;

/** JSON with every object's keys sorted: jsonb keeps its own key order, so the hash must not depend on one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** What an entry's hash covers: every field a reader relies on, in a fixed order, and the previous hash. */
function entryHash(prevHash: string, e: Omit<AuditRow, 'seq' | 'prevHash' | 'hash'>): string {
  const text = canonical([
    e.eventId,
    e.service,
    e.at.toISOString(),
    e.actorId,
    e.actorName,
    e.actorEmail,
    e.actorRole,
    e.action,
    e.targetModule,
    e.targetKind,
    e.targetId,
    e.targetLabel,
    e.before ?? null,
    e.after ?? null,
    e.address,
    e.requestId,
  ]);
  return createHash('sha256').update(prevHash).update(text).digest('hex');
}

export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    seq: r.seq,
    service: r.service,
    at: r.at.toISOString(),
    actor: { id: r.actorId, name: r.actorName, email: r.actorEmail, role: r.actorRole },
    action: r.action,
    target: { module: r.targetModule, kind: r.targetKind, id: r.targetId, label: r.targetLabel },
    before: r.before ?? null,
    after: r.after ?? null,
    address: r.address,
    requestId: r.requestId,
    hash: r.hash,
  };
}

/** The append-only, hash-chained log of every service's admin actions. */
/**
 * The log's filters: by target (its id, or words of its label), actor (id or e-mail, any case) and days
 * (East African). Each has an index, so none reads the whole log.
 */
export function auditFilter(q: AuditQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  const target = q.target?.trim();
  if (target) filters.push(or(eq(auditLog.targetId, target), textSearch(auditLog.targetLabel, target)));
  const actor = q.actor?.trim();
  if (actor)
    filters.push(
      or(eq(auditLog.actorId, actor), eq(sql`lower(${auditLog.actorEmail})`, actor.toLowerCase())),
    );
  if (q.from) filters.push(gte(auditLog.at, new Date(`${q.from}T00:00:00+03:00`)));
  if (q.to) filters.push(lt(auditLog.at, new Date(Date.parse(`${q.to}T00:00:00+03:00`) + DAY_MS)));
  return and(...filters);
}

export class AuditStore {
  constructor(private readonly db: Db) {}

  /**
   * Appends one admin action (inside the consumer's once-only transaction): under a lock, so entries take
   * their place in the chain one at a time, each hashed with the one before.
   */
  async append(tx: Tx, service: string, event: Envelope<AdminActionRecordedData>): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('content-audit-log'))`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(sql`${auditLog.seq} desc`)
      .limit(1);
    const d = event.data;
    const entry = {
      eventId: event.id,
      service,
      at: new Date(d.at),
      actorId: d.actor.id,
      actorName: d.actor.name,
      actorEmail: d.actor.email,
      actorRole: d.actor.role,
      action: d.action,
      targetModule: d.target.module,
      targetKind: d.target.kind,
      targetId: d.target.id,
      targetLabel: d.target.label,
      before: d.before,
      after: d.after,
      address: d.address,
      requestId: d.requestId,
    };
    const prevHash = last?.hash ?? GENESIS;
    await tx
      .insert(auditLog)
      .values({ ...entry, prevHash, hash: entryHash(prevHash, entry) })
      .onConflictDoNothing({ target: auditLog.eventId });
  }

  /**
   * Newest first, filtered (`auditFilter`), with the total capped as every long list's is (`cappedCount`):
   * the log only grows.
   */
  async list(q: AuditQuery) {
    const { limit, offset } = pageOf(q);
    const where = auditFilter(q);
    const [rows, counted] = await Promise.all([
      this.db.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(limit).offset(offset),
      cappedCount(this.db, auditLog, where, offset),
    ]);
    return { rows, ...counted };
  }

  /**
   * Walks the chain in order, recomputing each hash from the entry and its predecessor's stored hash:
   * the first entry whose stored hashes do not match (edited, or one before it removed) is reported.
   */
  async verify(
    batch = 1000,
  ): Promise<{ ok: boolean; checked: number; firstBroken: { seq: number; at: string } | null }> {
    let prevHash = GENESIS;
    let checked = 0;
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.seq, after))
        .orderBy(asc(auditLog.seq))
        .limit(batch);
      if (rows.length === 0) return { ok: true, checked, firstBroken: null };
      for (const r of rows) {
        const { seq: _seq, prevHash: storedPrev, hash, ...entry } = r;
        if (storedPrev !== prevHash || hash !== entryHash(prevHash, entry))
          return { ok: false, checked, firstBroken: { seq: r.seq, at: r.at.toISOString() } };
        prevHash = hash;
        checked++;
      }
      after = rows.at(-1)!.seq;
    }
  }
}
