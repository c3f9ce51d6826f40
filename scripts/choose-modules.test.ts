import { loadModules } from '@platform/modules';
import { chooseModules, servicesToRun } from './modules';
import { REPO_ROOT } from './config';

const all = loadModules(REPO_ROOT);

it('runs every module unless MODULES names some', () => {
  expect(chooseModules(all)).toEqual(all);
  expect(chooseModules(all, [])).toEqual(all);
});

it('a standalone Events deployment runs identity (accounts, sign-in), core (public site, login) and Events, not Hire', () => {
  expect(chooseModules(all, ['events']).map((m) => m.name)).toEqual(['core', 'events', 'identity']);
  const names = servicesToRun(chooseModules(all, ['events']), REPO_ROOT).map((s) => s.name);
  expect(names).toEqual(['svc-identity', 'svc-core', 'svc-events']);
});

it('refuses a module it does not know, naming the known ones', () => {
  expect(() => chooseModules(all, ['event'])).toThrow(/unknown modules \(event\); known: .*events/);
});
