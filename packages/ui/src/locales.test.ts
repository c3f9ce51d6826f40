import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Every namespace (ui, shell, each remote) must have the same keys in English, Kiswahili and French. */
const root = path.resolve(__dirname, '..', '..', '..');
const folders = [
  'packages/ui/src/locales',
  'shell/src/locales',
  ...readdirSync(root)
    .filter((d) => d.startsWith('mf-'))
    .map((d) => `${d}/src/locales`),
].filter((f) => existsSync(path.join(root, f)));

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => keys(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(folders)('translations in %s', (folder) => {
  const load = (lng: string) =>
    JSON.parse(readFileSync(path.join(root, folder, `${lng}.json`), 'utf8')) as Record<string, unknown>;
  const en = load('en');

  it.each(['sw', 'fr'])(
    '%s has exactly the English keys, each translated with the same placeholders',
    (lng) => {
      const other = load(lng);
      expect(keys(other).sort()).toEqual(keys(en).sort());
      const flat = (o: unknown, p = ''): Array<[string, string]> =>
        o && typeof o === 'object'
          ? Object.entries(o).flatMap(([k, v]) => flat(v, `${p}.${k}`))
          : [[p, String(o)]];
      const enTexts = new Map(flat(en));
      for (const [key, text] of flat(other)) {
        expect(text.trim().length).toBeGreaterThan(0);
        expect([key, placeholders(text)]).toEqual([key, placeholders(enTexts.get(key)!)]);
      }
    },
  );
});
