import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Sql } from 'postgres';
import { InMemoryEventBus } from '@platform/event-bus';
import { buildService, busMetrics } from '@platform/service-kit';

/**
 * The shipped alert rules and dashboard (deploy/observability/) name only metrics a process serves: a renamed
 * metric would otherwise leave an alert that can never fire and a panel that stays empty, silently.
 */
const root = path.join(__dirname, '..');
const TOKEN = 'metrics-token-for-this-test-0123456789abcdef';

/** Every series name a service's /metrics can show (histograms with their _bucket, _sum and _count). */
async function servedNames(): Promise<Set<string>> {
  const app = await buildService({ name: 'svc-test', logLevel: 'silent', metricsToken: TOKEN });
  const bus = new InMemoryEventBus();
  await bus.subscribe({
    producer: 'identity',
    durable: 'svc-test__sync',
    filter: 'identity.>',
    schemas: {},
    handler: async () => {},
  });
  const sql = { unsafe: async () => [{ count: 0, age: 0 }] } as unknown as Sql;
  busMetrics(app, bus, sql, 'test');
  app.metrics.jobRan('expiry-alerts', true);
  await app.inject('/health/live');
  const page = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  await app.close();
  return new Set(
    page.body
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(/[{ ]/)[0]!),
  );
}

/** Metric names in a PromQL expression: each is written as `name{…}` in our files. */
const metricsIn = (expr: string) => [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{/g)].map((m) => m[1]!);

it('every alert rule names metrics the services serve', async () => {
  const served = await servedNames();
  const rules = parse(readFileSync(path.join(root, 'deploy/observability/alert-rules.yml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  const all = rules.groups.flatMap((g) => g.rules);
  expect(all.map((r) => r.alert)).toEqual(
    expect.arrayContaining([
      'AfyahrErrorRate',
      'AfyahrSlowAnswers',
      'AfyahrConsumerLag',
      'AfyahrDeadLetters',
      'AfyahrLicenceAlertSweepMissed',
    ]),
  );
  for (const rule of all) {
    const names = metricsIn(rule.expr);
    expect({ rule: rule.alert, names: names.length > 0 }).toEqual({ rule: rule.alert, names: true });
    for (const name of names)
      expect({ rule: rule.alert, name, served: served.has(name) }).toMatchObject({ served: true });
  }
});

it("every dashboard panel's query names metrics the services serve", async () => {
  const served = await servedNames();
  const dashboard = JSON.parse(
    readFileSync(path.join(root, 'deploy/observability/grafana-dashboard.json'), 'utf8'),
  ) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  expect(dashboard.panels.length).toBeGreaterThanOrEqual(6);
  for (const panel of dashboard.panels)
    for (const { expr } of panel.targets) {
      const names = metricsIn(expr);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names)
        expect({ panel: panel.title, name, served: served.has(name) }).toMatchObject({ served: true });
    }
});
