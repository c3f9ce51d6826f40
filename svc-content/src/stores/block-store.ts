import { HOME_BLOCKS, type HomeBlock } from '@platform/contracts';
import { blocks } from '../db/schema';
import { sanitizeAdminHtml } from '../sanitize';
import type { Db } from './db';

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
  async upsert(key: HomeBlock, html: string, by: string): Promise<string | undefined> {
    const clean = sanitizeAdminHtml(html);
    if (!clean.replace(/<[^>]*>/g, '').trim() && !clean.includes('<img')) return undefined;
    const updatedAt = new Date();
    await this.db
      .insert(blocks)
      .values({ key, html: clean, updatedAt, updatedBy: by })
      .onConflictDoUpdate({ target: blocks.key, set: { html: clean, updatedAt, updatedBy: by } });
    return clean;
  }
}
