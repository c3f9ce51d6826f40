import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_CATALOGUE } from '../src/domain/catalogue';
import { catalogueSeedSql } from '../src/db/seed-sql';

it('seeds the catalogue by migration with exactly the spec’s items', () => {
  const migration = readFileSync(path.join(__dirname, '..', 'drizzle', '0003_seed_catalogue.sql'), 'utf8');
  expect(migration).toContain(catalogueSeedSql(SEED_CATALOGUE));
  expect(catalogueSeedSql([{ ...SEED_CATALOGUE[0]!, name: "Clinic's plan" }])).toContain("'Clinic''s plan'");
});
