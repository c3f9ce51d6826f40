import { ownSchemaIfMissing } from './db';

describe("a migration's statement creating the service's own schema", () => {
  it('runs as CREATE SCHEMA IF NOT EXISTS, as drizzle-kit writes it (the schema exists by then)', () => {
    expect(ownSchemaIfMissing('CREATE SCHEMA "billing";\n', 'billing')).toBe(
      'CREATE SCHEMA IF NOT EXISTS "billing";\n',
    );
    expect(ownSchemaIfMissing('\nCREATE SCHEMA "billing";', 'billing')).toBe(
      '\nCREATE SCHEMA IF NOT EXISTS "billing";',
    );
  });

  it('leaves every other statement alone: another schema, one already IF NOT EXISTS, a table', () => {
    for (const statement of [
      'CREATE SCHEMA "other";',
      'CREATE SCHEMA IF NOT EXISTS "billing";',
      'CREATE TABLE "billing"."items" ("id" uuid);',
      'CREATE SCHEMA "billing"; DROP SCHEMA "x";',
    ])
      expect(ownSchemaIfMissing(statement, 'billing')).toBe(statement);
  });
});
