import { asc, eq } from 'drizzle-orm';
import type { CatalogueItem } from '../domain/catalogue';
import * as schema from '../db/schema';
import type { DbOrTx } from './db';

export function toCatalogueItem(row: schema.CatalogueRow): CatalogueItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    price: row.price,
    currency: row.currency,
    vatIncluded: row.vatIncluded,
    billing: row.billing,
    ...(row.days === null ? {} : { days: row.days }),
    modules: row.modules as CatalogueItem['modules'],
    limits: row.limits,
    capabilities: row.capabilities,
    idealFor: row.idealFor,
    features: row.features,
    isPopular: row.isPopular,
    repeatable: row.repeatable,
    requiresCore: row.requiresCore,
    sortOrder: row.sortOrder,
  };
}

/** The catalogue's rows (a few: read whole, in the order the pricing page shows). */
export function catalogueRows(db: DbOrTx): Promise<schema.CatalogueRow[]> {
  return db.select().from(schema.catalogueItems).orderBy(asc(schema.catalogueItems.sortOrder));
}

/** One item's row; `lock` holds it for the transaction (an admin's price change reads what it replaces). */
export async function catalogueRow(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<schema.CatalogueRow | undefined> {
  const query = db.select().from(schema.catalogueItems).where(eq(schema.catalogueItems.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The catalogue as stored, as the pricing rules read it. */
export async function loadCatalogue(db: DbOrTx): Promise<CatalogueItem[]> {
  return (await catalogueRows(db)).map(toCatalogueItem);
}

export async function catalogueMap(db: DbOrTx): Promise<Map<string, CatalogueItem>> {
  return new Map((await loadCatalogue(db)).map((item) => [item.id, item]));
}

/** An admin's new price: periods that start from now on are charged it; running ones keep theirs. */
export async function setPrice(db: DbOrTx, id: string, price: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(schema.catalogueItems)
    .set({ price, updatedAt: now })
    .where(eq(schema.catalogueItems.id, id))
    .returning({ id: schema.catalogueItems.id });
  return rows.length === 1;
}
