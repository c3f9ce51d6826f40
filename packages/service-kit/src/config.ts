import { Value } from '@sinclair/typebox/value';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { registerFormats } from '@platform/contracts';

registerFormats();

/**
 * Reads and validates a service's configuration at start-up: applies the schema's defaults,
 * converts strings to numbers/booleans, and throws one error naming every bad variable,
 * so a misconfigured service fails fast with a clear message instead of misbehaving later.
 */
export function loadConfig<S extends TObject>(schema: S, env: Record<string, string | undefined>): Static<S> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, Value.Convert(schema, raw));
  const errors = [...Value.Errors(schema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.path.replace(/^\//, '') || '(root)'}: ${e.message}`);
    throw new Error(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  return withDefaults as Static<S>;
}

/** A PEM key given inline (`NAME`) or as a file path (`NAME_FILE`). */
export function readKey(inline: string | undefined, file: string | undefined, name: string): string {
  if (inline) return inline.replace(/\\n/g, '\n');
  if (file) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readFileSync } = require('node:fs') as typeof import('node:fs');
    return readFileSync(file, 'utf8');
  }
  throw new Error(`Invalid configuration:\n  ${name} or ${name}_FILE: required`);
}

/** What a migration Job reads (migrate-cli.ts): the database, and the migrations' folder (default ./drizzle). */
export function readMigrationConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(
    Type.Object({
      DATABASE_URL: Type.String({ minLength: 1 }),
      MIGRATIONS_FOLDER: Type.String({ default: 'drizzle' }),
    }),
    env,
  );
}
