import type { CatalogueItem } from '../domain/catalogue';

/**
 * The INSERT that seeds the catalogue in a migration (written once into drizzle/, as SQL, so prices are
 * stored data from then on). A unit test checks the migration holds exactly what this renders.
 */
const literal = (value: unknown): string => {
  if (value === undefined || value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
};

export function catalogueSeedSql(items: CatalogueItem[]): string {
  const columns =
    'id, kind, name, price, currency, vat_included, billing, days, modules, limits, capabilities, ' +
    'ideal_for, features, is_popular, repeatable, requires_core, sort_order';
  const rows = items.map((i) =>
    [
      i.id,
      i.kind,
      i.name,
      i.price,
      i.currency,
      i.vatIncluded,
      i.billing,
      i.days,
      JSON.stringify(i.modules),
      JSON.stringify(i.limits),
      JSON.stringify(i.capabilities),
      i.idealFor,
      JSON.stringify(i.features),
      i.isPopular,
      i.repeatable ?? false,
      i.requiresCore ?? false,
      i.sortOrder,
    ]
      .map(literal)
      .join(', '),
  );
  return (
    `INSERT INTO "billing"."catalogue_items" (${columns}) VALUES\n` +
    rows.map((r) => `  (${r})`).join(',\n') +
    '\nON CONFLICT (id) DO NOTHING;'
  );
}
