import { FormatRegistry } from '@sinclair/typebox';

/**
 * String formats for TypeBox's own checker (`Value.Check`), as Fastify's Ajv knows them, so a schema
 * means the same whether a service validates a request or a browser validates a form.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerFormats(): void {
  if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (v) => EMAIL.test(v));
  if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => UUID.test(v));
  if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));
  if (!FormatRegistry.Has('uri'))
    FormatRegistry.Set('uri', (v) => {
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    });
}
