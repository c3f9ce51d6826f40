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
]
  .filter((f) => existsSync(path.join(root, f)))
  // A remote's texts kept beside one feature's chunk (mf-core's info pages) are checked alike.
  .flatMap((f) => [
    f,
    ...readdirSync(path.join(root, f), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(root, f, d.name, 'en.json')))
      .map((d) => `${f}/${d.name}`),
  ]);

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

/** Every visible text of one language: its locale files and the module descriptors' navigation labels. */
function textsOf(lng: string): Array<[string, string]> {
  const flat = (o: unknown, p: string): Array<[string, string]> =>
    o && typeof o === 'object'
      ? Object.entries(o).flatMap(([k, v]) => flat(v, `${p}.${k}`))
      : [[p, String(o)]];
  const files = folders.flatMap((f) =>
    flat(JSON.parse(readFileSync(path.join(root, f, `${lng}.json`), 'utf8')), `${f}/${lng}`),
  );
  const nav = moduleLinks().map(([where, label]) => [where, label[lng]!] as [string, string]);
  return [...files, ...nav];
}

function moduleLinks(): Array<[string, Record<string, string>]> {
  return readdirSync(root)
    .filter((d) => existsSync(path.join(root, d, 'module.json')))
    .flatMap((d) => {
      const m = JSON.parse(readFileSync(path.join(root, d, 'module.json'), 'utf8')) as {
        navigation?: Array<{ path: string; label: Record<string, string> }>;
        footer?: Array<{ path: string; label: Record<string, string> }>;
      };
      return [...(m.navigation ?? []), ...(m.footer ?? [])].map(
        (l) => [`${d}/module.json ${l.path}`, l.label] as [string, Record<string, string>],
      );
    });
}

/** The glossary's "never" column: `sw: Ondoa; fr: licence, licences` per row. */
function forbiddenWords(): Record<string, string[]> {
  const md = readFileSync(path.join(__dirname, 'locales', 'GLOSSARY.md'), 'utf8');
  const out: Record<string, string[]> = { en: [], sw: [], fr: [] };
  for (const row of md.split('\n').filter((l) => l.startsWith('|') && !l.startsWith('| ---'))) {
    const never = row.split('|').slice(1, -1).at(-1)!.trim();
    for (const part of never.split(';').filter((p) => p.includes(':'))) {
      const [lng, words] = part.split(':');
      out[lng!.trim()]?.push(...words!.split(',').map((w) => w.trim()));
    }
  }
  return out;
}

describe('the glossary (src/locales/GLOSSARY.md)', () => {
  const never = forbiddenWords();

  it('lists words to avoid in every language', () => {
    for (const lng of ['en', 'sw', 'fr']) expect(never[lng]!.length).toBeGreaterThan(0);
  });

  it.each(['en', 'sw', 'fr'])('no %s text uses a word the glossary rules out', (lng) => {
    const found = textsOf(lng).flatMap(([where, raw]) => {
      const text = raw.replace(/\{\{\s*\w+\s*\}\}/g, ''); // placeholders name API fields
      return never[lng]!.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu').test(text)).map(
        (w) => `${where}: "${w}" in "${raw}"`,
      );
    });
    expect(found).toEqual([]);
  });

  it('keeps the module names Core, Hire, Events and Connect in every language', () => {
    const products = ['Core', 'Hire', 'Events', 'Connect'];
    const links = moduleLinks().filter(([, label]) => products.includes(label.en!));
    expect(links.length).toBeGreaterThan(0);
    for (const [where, label] of links)
      expect([where, label.sw, label.fr]).toEqual([where, label.en, label.en]);
  });

  // Names (and units: MB, Mo) that keep their capital inside a sentence.
  const names = new Set(
    (
      'AfyaHR Core Hire Events Connect Essential Professional Enterprise CV CPD DPC RH HR NHIF SaaS Ksh ' +
      'WhatsApp Google Drive Kenya Afrika Mashariki Afrique Est Nakuru Kampala Kisumu Arusha Kigali Triage ' +
      'English Kiswahili Français Kiingereza Kifaransa FAQ MB Mo Ko WebP ' +
      // Payment services (billing).
      'MPesa Airtel Money ' +
      // Days and months, capitalised in Kiswahili as in English.
      'Jumatatu Ijumaa Novemba ' +
      // Places, the location value "Online", meeting services and the Enter key (Events' texts).
      'Dar Salaam Sudan Kusini Kati Sud Online Zoom Teams Meet Enter Entrée'
    ).split(' '),
  );
  it.each(['sw', 'fr'])('%s headings, labels and buttons are in sentence case', (lng) => {
    const titleCase = textsOf(lng).filter(([, text]) => {
      // Words after the first of each sentence, outside placeholders and quotes.
      const sentences = text.replace(/\{\{\s*\w+\s*\}\}/g, 'x').split(/[.!?:;(«»"]\s*/);
      return sentences.some((s) =>
        s
          .split(/\s+/)
          .slice(1)
          .some((w) => /^\p{Lu}\p{Ll}/u.test(w) && !names.has(w.replace(/[^\p{L}]/gu, ''))),
      );
    });
    expect(titleCase).toEqual([]);
  });
});
