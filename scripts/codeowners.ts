import type { ModuleDescriptor } from '@platform/contracts';
import { GENERATED } from './generated-banner';

/** The platform team: the shared packages, the shell, the gateway and the tooling every module builds on. */
export const PLATFORM_TEAM = '@afyahr/platform';

const PLATFORM_PATHS = [
  '/packages/',
  '/shell/',
  '/gateway/',
  '/scripts/',
  '/security/',
  '/e2e/',
  '/bench/',
  '/nats/',
  '/docker-compose.yml',
  '/.ci/',
];

/**
 * .github/CODEOWNERS from the descriptors (`team`, `owns`). The last matching line wins, so the platform's
 * folders come first and each module's after: its team owns its folder pair, and the files it `owns`
 * elsewhere (identity's contract in packages/contracts, a bench) with the platform team beside it.
 */
export function codeowners(modules: ModuleDescriptor[]): string {
  const pad = (p: string) => p.padEnd(40);
  const lines = [
    `# ${GENERATED} (scripts/codeowners.ts, from each module.json's \`team\` and \`owns\`).`,
    '# Who reviews what. Each module’s team owns its folder pair and the files its descriptor `owns`; the',
    '# platform team owns the shared packages, the shell, the gateway and the tooling every module builds on.',
    '# The last matching line wins: the platform first, then each module.',
    '',
    `${pad('*')}${PLATFORM_TEAM}`,
    '',
    ...PLATFORM_PATHS.map((p) => `${pad(p)}${PLATFORM_TEAM}`),
  ];
  for (const m of modules) {
    const team = m.team ?? PLATFORM_TEAM;
    lines.push('', `# ${m.name}: ${m.label}`);
    for (const folder of [m.service?.folder, m.remote?.folder])
      if (folder) lines.push(`${pad(`/${folder}/`)}${team}`);
    for (const p of m.owns ?? [])
      lines.push(`${pad(p)}${team === PLATFORM_TEAM ? team : `${team} ${PLATFORM_TEAM}`}`);
  }
  return `${lines.join('\n')}\n`;
}
