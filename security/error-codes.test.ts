/**
 * Every error code a service can send has its text in English, Kiswahili and French, so a page never
 * shows a server's English inside another language: in the platform's catalogue (the `ui` namespace,
 * `serverErrors.<area>.<name>`) or, for a module's own codes, in its remote's locales (which `failureText`
 * reads first). The modules, their areas and their folders come from the descriptors, and the codes from
 * the sources themselves (`src/` and `contract/`): a new module's code without its texts fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadModules } from '@platform/modules';
import en from '../packages/ui/src/locales/en.json';
import sw from '../packages/ui/src/locales/sw.json';
import fr from '../packages/ui/src/locales/fr.json';
import { PASSWORD_RULES } from '../svc-identity/src/password-policy';

const root = path.resolve(__dirname, '..');
const modules = loadModules(root);
/** The platform's own areas, then each module's name (also its event stream's: `hire`, `content`). */
const areas = new Set(['auth', 'admin', 'request', 'server']);
for (const m of modules) areas.add(m.name);
const CODE = new RegExp(`['\`]((?:${[...areas].join('|')})\\.[a-z_]+)['\`]`, 'g');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

const folders = [
  ...modules.flatMap((m) => (m.service ? [`${m.service.folder}/src`, `${m.service.folder}/contract`] : [])),
  'gateway/src',
  'packages/service-kit/src',
].map((d) => path.join(root, d));
const codes = new Set<string>();
for (const folder of folders) {
  try {
    for (const file of sources(folder))
      for (const m of readFileSync(file, 'utf8').matchAll(CODE)) codes.add(m[1]!);
  } catch {
    // A module whose service has no code yet.
  }
}
// Built from a rule's name (`auth.password_${weakness}`), so not a literal in the source.
for (const weakness of Object.keys(PASSWORD_RULES)) codes.add(`auth.password_${weakness}`);

type Catalogue = { serverErrors?: Record<string, Record<string, string>> };
const inCatalogue = (locale: unknown, code: string) => {
  const [area, name] = code.split('.') as [string, string];
  return (locale as Catalogue).serverErrors?.[area]?.[name];
};
/** A module's own texts: its remote's locale of that language, when it has one. */
const remoteLocale = (area: string, language: string): Catalogue | undefined => {
  const folder = modules.find((m) => m.name === area || m.service?.producer === area)?.remote?.folder;
  const file = folder && path.join(root, folder, 'src', 'locales', `${language}.json`);
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : undefined;
};
const text = (language: string, locale: unknown, code: string) =>
  inCatalogue(locale, code) ?? inCatalogue(remoteLocale(code.split('.')[0]!, language), code);

it('finds the codes the services send', () => {
  expect(codes.size).toBeGreaterThan(30);
  for (const known of [
    'auth.invalid_credentials',
    'hire.already_applied',
    'request.invalid',
    'server.unavailable',
  ])
    expect(codes).toContain(known);
});

it("finds a module's own codes in its contract, with their texts in its remote", () => {
  expect(codes).toContain('billing.invalid_phone');
  expect(inCatalogue(en, 'billing.invalid_phone')).toBeUndefined();
});

/**
 * Modules whose codes have their texts in their own remote, so their team changes no shared catalogue;
 * but the codes another module's pages show as well stay in the catalogue, which every page reads
 * (svc-content's contact and demo forms and its blog are the public site's pages, mf-core's). Each text is in
 * one place only.
 */
const OWN_TEXTS: Record<string, string[]> = {
  hire: [],
  events: [],
  connect: [],
  content: ['content.blog_not_found', 'content.date_past', 'content.too_many_messages'],
};
describe.each(Object.entries(OWN_TEXTS))('%s', (area, shared) => {
  const own = [...codes].filter((code) => code.startsWith(`${area}.`)).sort();

  it('has codes, found in its service', () => {
    expect(own.length).toBeGreaterThan(shared.length);
    for (const code of shared) expect(own).toContain(code);
  });

  it.each(own)('%s has its texts in one place: its remote, or the catalogue when shared', (code) => {
    for (const [language, locale] of [
      ['en', en],
      ['sw', sw],
      ['fr', fr],
    ] as const) {
      const [kept, other] = shared.includes(code)
        ? [inCatalogue(locale, code), inCatalogue(remoteLocale(area, language), code)]
        : [inCatalogue(remoteLocale(area, language), code), inCatalogue(locale, code)];
      expect([language, kept?.trim() ? 'text' : 'none', other]).toEqual([language, 'text', undefined]);
    }
  });
});

describe.each([
  ['English', 'en', en],
  ['Kiswahili', 'sw', sw],
  ['French', 'fr', fr],
])('in %s', (_language, language, locale) => {
  it.each([...codes].sort())('%s has its text', (code) => {
    expect(text(language, locale, code)?.trim()).toBeTruthy();
  });
});
