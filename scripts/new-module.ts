import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './config';
import { writeGeneratedFiles } from './generate';
import { writeModule } from './scaffold/new-module';

/**
 * npm run new-module <name> [--team <handle>] [--remote <mf-folder>]
 * Makes svc-<name> (and mf-<name>, unless --remote names an existing remote the module takes over), its
 * first migration as drizzle-kit writes it, then installs the workspaces and regenerates every generated file.
 */
function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { team: { type: 'string' }, remote: { type: 'string' } },
  });
  const [name] = positionals;
  if (!name || positionals.length > 1) {
    console.error('usage: npm run new-module <name> [--team <handle>] [--remote <existing mf-folder>]');
    process.exit(2);
  }
  const run = (command: string, args: string[], cwd = REPO_ROOT) =>
    execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

  const { placeholders: p, written } = writeModule(REPO_ROOT, {
    name,
    team: values.team,
    remote: values.remote,
  });
  const service = `svc-${p.name}`;
  const remote = values.remote ?? `mf-${p.name}`;
  console.log(`made ${service}/ and ${values.remote ? `took over ${remote}/` : `${remote}/`}`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
  run('node', ['scripts/lock-platform-stubs.mjs']);
  // The first migration, exactly as drizzle-kit writes it (service-kit's migration step takes it as is).
  run('npx', ['drizzle-kit', 'generate', '--name', 'init'], path.join(REPO_ROOT, service));
  run('npx', ['prettier', '--write', '--log-level', 'warn', service, remote, ...written]);
  for (const file of writeGeneratedFiles(REPO_ROOT)) console.log(`regenerated ${file}`);

  console.log(`
The ${p.Name} module: service ${service} (port ${p.port}, ${p.NAME}_URL, schema and stream "${p.name}"),
remote ${remote} (${values.remote ? 'existing' : `mf_${p.name}, /${p.name}, dev port ${p.devPort}`}), team ${p.team}.

What the team fills in next:
  1. ${service}/contract/index.ts    the module's payloads, events and error codes (replace the example "items")
  2. ${service}/src/db/schema.ts     its tables; then \`npm run db:generate -w ${service}\` (commit drizzle/ as written)
  3. ${service}/src/routes, src/stores  its API; its tests in ${service}/test
  4. ${remote}/src/locales/*.json    every text in en, sw and fr, each error code's under serverErrors.${p.name}
  5. ${service}/module.json          navigation and footer labels in sw/fr, widgets, consumes, notifies,
                                     recordsAdminActions, owns; then \`npm run generate\`
Check: npx jest --selectProjects integration --runTestsByPath ${service}/test/items.int.test.ts
       npm run build -w ${remote} && npm start`);
}

main();
