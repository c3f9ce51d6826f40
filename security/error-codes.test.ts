/**
 * Every error code a service can send has its text in English, Kiswahili and French (the `ui` namespace,
 * `serverErrors.<area>.<name>`), so a page never shows a server's English inside another language.
 * The codes are read from the sources themselves: a new code without its texts fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import en from '../packages/ui/src/locales/en.json';
import sw from '../packages/ui/src/locales/sw.json';
import fr from '../packages/ui/src/locales/fr.json';
import { PASSWORD_RULES } from '../svc-identity/src/password-policy';

const root = path.resolve(__dirname, '..');
const CODE = /['`]((?:auth|admin|request|server|hire|events|connect|content)\.[a-z_]+)['`]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

const folders = [
  ...readdirSync(root).filter((d) => d.startsWith('svc-') || d === 'gateway'),
  'packages/service-kit',
].map((d) => path.join(root, d, 'src'));
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

const text = (locale: unknown, code: string) => {
  const [area, name] = code.split('.') as [string, string];
  return (locale as { serverErrors: Record<string, Record<string, string>> }).serverErrors[area]?.[name];
};

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

describe.each([
  ['English', en],
  ['Kiswahili', sw],
  ['French', fr],
])('in %s', (_language, locale) => {
  it.each([...codes].sort())('%s has its text', (code) => {
    expect(text(locale, code)?.trim()).toBeTruthy();
  });
});
