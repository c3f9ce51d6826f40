import { HOME_BLOCKS, type HomeBlock } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { recordAdminAction } from '@platform/event-bus';
import { blocks, outbox } from '../db/schema';
import { sanitizeAdminHtml } from '@platform/service-kit';
import type { AdminBy, Db } from './db';

/** The landing page's six blocks. */
export class BlockStore {
  constructor(private readonly db: Db) {}

  /** Every block's HTML, '' for one never written. */
  async all(): Promise<Record<HomeBlock, string>> {
    const rows = await this.db.select({ key: blocks.key, html: blocks.html }).from(blocks);
    const stored = new Map(rows.map((r) => [r.key, r.html]));
    return Object.fromEntries(HOME_BLOCKS.map((b) => [b, stored.get(b) ?? ''])) as Record<HomeBlock, string>;
  }

  /** Writes one block, sanitised; undefined when nothing is left of it (empty, or only what was removed). */
  async upsert(key: HomeBlock, html: string, by: AdminBy): Promise<string | undefined> {
    const clean = sanitizeAdminHtml(html);
    if (!clean.replace(/<[^>]*>/g, '').trim() && !clean.includes('<img')) return undefined;
    const updatedAt = new Date();
    const updatedBy = by.actor.sub;
    await this.db.transaction(async (tx) => {
      const [old] = await tx.select().from(blocks).where(eq(blocks.key, key)).for('update');
      await tx
        .insert(blocks)
        .values({ key, html: clean, updatedAt, updatedBy })
        .onConflictDoUpdate({ target: blocks.key, set: { html: clean, updatedAt, updatedBy } });
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: 'content-block.update',
        target: { module: 'content', kind: 'content-block', id: key, label: key },
        before: old ? { html: old.html } : null,
        after: { html: clean },
      });
    });
    return clean;
  }
}
