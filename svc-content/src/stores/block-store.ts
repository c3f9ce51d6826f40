import { LANGUAGES, type Language } from '@platform/contracts';
import { HOME_BLOCKS, type BlockText, type HomeBlock } from '../../contract';
import { and, eq } from 'drizzle-orm';
import { recordAdminAction } from '@platform/event-bus';
import { blocks, outbox } from '../db/schema';
import { sanitizeAdminHtml } from '@platform/service-kit';
import type { AdminBy, Db } from './db';

export type BlockTexts = Record<HomeBlock, Record<Language, BlockText>>;

/**
 * The landing page's six blocks, each language apart. A block and language nobody wrote (or one restored) is
 * the default: '' here, and the page shows its own text in that language.
 */
export class BlockStore {
  constructor(private readonly db: Db) {}

  /** Every block's HTML in one language, '' for one at its default. */
  async all(lang: Language = 'en'): Promise<Record<HomeBlock, string>> {
    const rows = await this.db
      .select({ key: blocks.key, html: blocks.html })
      .from(blocks)
      .where(eq(blocks.lang, lang));
    const stored = new Map(rows.map((r) => [r.key, r.html]));
    return Object.fromEntries(HOME_BLOCKS.map((b) => [b, stored.get(b) ?? ''])) as Record<HomeBlock, string>;
  }

  /** Every block in every language, each saying whether it is the default. */
  async texts(): Promise<BlockTexts> {
    const rows = await this.db.select().from(blocks);
    const stored = new Map(rows.map((r) => [`${r.key}/${r.lang}`, r]));
    return Object.fromEntries(
      HOME_BLOCKS.map((b) => [
        b,
        Object.fromEntries(
          LANGUAGES.map((l) => {
            const row = stored.get(`${b}/${l}`);
            return [
              l,
              row
                ? { html: row.html, isDefault: false, updatedAt: row.updatedAt.toISOString() }
                : { html: '', isDefault: true, updatedAt: null },
            ];
          }),
        ),
      ]),
    ) as BlockTexts;
  }

  /**
   * Writes one block in one language, sanitised, leaving its other languages as they are; undefined when
   * nothing is left of it (empty, or only what was removed): going back to the default is `restore`.
   */
  async upsert(key: HomeBlock, lang: Language, html: string, by: AdminBy): Promise<string | undefined> {
    const clean = sanitizeAdminHtml(html);
    if (!clean.replace(/<[^>]*>/g, '').trim() && !clean.includes('<img')) return undefined;
    const updatedAt = new Date();
    const updatedBy = by.actor.sub;
    await this.db.transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(blocks)
        .where(and(eq(blocks.key, key), eq(blocks.lang, lang)))
        .for('update');
      await tx
        .insert(blocks)
        .values({ key, lang, html: clean, updatedAt, updatedBy })
        .onConflictDoUpdate({
          target: [blocks.key, blocks.lang],
          set: { html: clean, updatedAt, updatedBy },
        });
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: 'content-block.update',
        target: { module: 'content', kind: 'content-block', id: key, label: key },
        before: old ? { lang, html: old.html } : null,
        after: { lang, html: clean },
      });
    });
    return clean;
  }

  /** Puts one block in one language back to the page's own text; false when it already was. */
  async restore(key: HomeBlock, lang: Language, by: AdminBy): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .delete(blocks)
        .where(and(eq(blocks.key, key), eq(blocks.lang, lang)))
        .returning();
      if (!old) return false;
      await recordAdminAction(tx, outbox, 'content', {
        ...by,
        action: 'content-block.restore-default',
        target: { module: 'content', kind: 'content-block', id: key, label: key },
        before: { lang, html: old.html },
        after: { lang, default: true },
      });
      return true;
    });
  }
}
