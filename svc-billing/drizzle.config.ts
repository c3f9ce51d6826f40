import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w svc-billing` writes the next migration into drizzle/, applied at start-up. Its
// output is committed as it is (the service's own CREATE SCHEMA included: service-kit runs it idempotently).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  schemaFilter: ['billing'],
  migrations: { schema: 'billing' },
});
