import { parseAllDocuments, parse } from 'yaml';
import { natsPasswordVariable } from '@platform/event-bus';
import { loadModules, remoteUrlVariable } from '@platform/modules';
import { REPO_ROOT } from './config';
import { k8sManifests, k8sObjects, POSTGRES_CLUSTER } from './k8s';
import { busAccounts } from './nats-accounts';
import { chooseModules, servicesToRun } from './modules';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const modules = loadModules(REPO_ROOT);
const parseDocs = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as unknown);

/**
 * The Kubernetes API's own schema for an object, from the `kubernetes-models` package (generated from the
 * Kubernetes OpenAPI specification, checked offline): `new Model(obj).validate()` throws naming the field.
 */
function validateAgainstApi(object: Obj): void {
  const { apiVersion, kind } = object as { apiVersion: string; kind: string };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const models = require(`kubernetes-models/${apiVersion}`) as Record<
    string,
    new (o: Obj) => { validate(): void }
  >;
  const Model = models[kind];
  if (!Model) throw new Error(`no Kubernetes schema for ${apiVersion} ${kind}`);
  new Model(object).validate();
}

/**
 * CloudNativePG's Cluster and ScheduledBackup are custom resources: no maintained npm package carries their
 * schemas, so their basic shape is checked here (the operator validates the rest when they are applied).
 */
function validateCloudNativePg(object: Obj): void {
  expect(object.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  if (object.kind === 'Cluster') {
    expect(object.spec.instances).toBeGreaterThanOrEqual(3);
    expect(object.spec.storage.size).toMatch(/^\d+Gi$/);
    expect(object.spec.backup.barmanObjectStore.destinationPath).toMatch(/^s3:\/\//);
  } else {
    expect(object.kind).toBe('ScheduledBackup');
    expect(object.spec.cluster.name).toBe(POSTGRES_CLUSTER);
    // Six fields, seconds first (the operator's cron).
    expect(object.spec.schedule.split(' ')).toHaveLength(6);
  }
}

describe.each([
  ['the whole platform', [] as string[]],
  ['a standalone Events product (MODULES=events)', ['events']],
])('Kubernetes manifests of %s', (_label, names) => {
  const files = k8sManifests(modules, REPO_ROOT, { modules: names });
  const objects = k8sObjects(files, parseDocs).map((o) => o.object as Obj);
  const chosen = chooseModules(modules, names);
  const services = servicesToRun(chosen, REPO_ROOT);
  const find = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);

  it('every object is valid against the Kubernetes API schemas (custom resources by their shape)', () => {
    expect(objects.length).toBeGreaterThan(services.length * 6);
    for (const object of objects) {
      try {
        if (object.apiVersion.startsWith('postgresql.cnpg.io/')) validateCloudNativePg(object);
        else validateAgainstApi(object);
      } catch (err) {
        throw new Error(`${object.kind} ${object.metadata?.name}: ${(err as Error).message}`);
      }
    }
  });

  it('per module service: two replicas with probes, limits, non-root and a read-only root; Service, autoscaler, budget, policy, migration', () => {
    for (const s of services) {
      const deployment = find('Deployment', s.name)!;
      expect(deployment.spec.replicas).toBe(2);
      const pod = deployment.spec.template;
      const [container] = pod.spec.containers;
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      expect(container.resources.requests).toEqual(
        expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
      );
      expect(container.resources.limits.memory).toBeDefined();
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(pod.spec.securityContext.runAsNonRoot).toBe(true);
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(container.ports).toEqual([{ name: 'http', containerPort: s.port }]);
      // Secrets by reference, never by value.
      const env = Object.fromEntries((container.env as Obj[]).map((e) => [e.name, e]));
      expect(env.DATABASE_URL.valueFrom.secretKeyRef.key).toBe('uri');
      expect(env.NATS_PASSWORD.valueFrom.secretKeyRef.key).toBe(natsPasswordVariable(s.name));
      expect(env.NATS_USER.value).toBe(s.name);
      // Only the token signer sees the private key.
      const keys = (pod.spec.volumes as Obj[])
        .find((v) => v.name === 'keys')!
        .secret.items.map((i: Obj) => i.key);
      expect(keys.includes('jwt-ed25519.pem')).toBe(s.signsTokens);

      const selector = deployment.spec.selector.matchLabels;
      for (const [k, v] of Object.entries(selector)) expect(pod.metadata.labels[k]).toBe(v);
      expect(find('Service', s.name)!.spec.selector).toEqual(selector);
      expect(find('Service', s.name)!.spec.ports[0].port).toBe(s.port);
      expect(find('HorizontalPodAutoscaler', s.name)!.spec).toMatchObject({
        scaleTargetRef: { kind: 'Deployment', name: s.name },
        minReplicas: 2,
      });
      expect(find('PodDisruptionBudget', s.name)!.spec.selector.matchLabels).toEqual(selector);
      const policy = find('NetworkPolicy', s.name)!;
      expect(policy.spec.podSelector.matchLabels).toEqual(selector);
      // The gateway calls it; Prometheus (its own namespace) scrapes it; nobody else reaches it.
      expect(policy.spec.ingress).toEqual([
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
          ports: [{ protocol: 'TCP', port: s.port }],
        },
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: [{ protocol: 'TCP', port: s.port }],
        },
      ]);
      const job = find('Job', `${s.name}-migrate`)!;
      expect(job.spec.template.spec.containers[0].image).toBe(container.image);
      expect(job.spec.template.spec.containers[0].args).toContain(
        '../packages/service-kit/src/migrate-cli.ts',
      );
    }
  });

  it('per module remote: its own nginx, two replicas with probes, limits, non-root and a read-only root; Service, autoscaler, budget, reached from the gateway alone', () => {
    const remotes = chosen.filter((m) => m.remote);
    expect(remotes.length).toBeGreaterThan(0);
    const gatewayEnv = Object.fromEntries(
      (find('Deployment', 'gateway')!.spec.template.spec.containers[0].env as Obj[]).map((e) => [e.name, e]),
    );
    for (const m of remotes) {
      const name = m.remote!.folder;
      const deployment = find('Deployment', name)!;
      expect(deployment.spec.replicas).toBe(2);
      const pod = deployment.spec.template;
      const [container] = pod.spec.containers;
      expect(container.image).toBe(`afyahr/${name}:0.1.0`);
      expect(container.ports).toEqual([{ name: 'http', containerPort: 8080 }]);
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      expect(container.resources.requests).toEqual(
        expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
      );
      expect(container.resources.limits.memory).toBeDefined();
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 101 });
      // nginx writes its pid and temporary files under /tmp alone; it holds no secret.
      expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
      expect(container.env).toEqual([]);
      expect(pod.metadata.labels['afyahr.io/nats-client']).toBeUndefined();
      expect(pod.metadata.labels['afyahr.io/postgres-client']).toBeUndefined();

      const selector = deployment.spec.selector.matchLabels;
      expect(find('Service', name)!.spec.selector).toEqual(selector);
      expect(find('Service', name)!.spec.ports[0].port).toBe(8080);
      expect(find('HorizontalPodAutoscaler', name)!.spec).toMatchObject({
        scaleTargetRef: { kind: 'Deployment', name },
        minReplicas: 2,
      });
      expect(find('PodDisruptionBudget', name)!.spec.selector.matchLabels).toEqual(selector);
      const policy = find('NetworkPolicy', name)!;
      expect(policy.spec.podSelector.matchLabels).toEqual(selector);
      expect(policy.spec.ingress).toEqual([
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
          ports: [{ protocol: 'TCP', port: 8080 }],
        },
      ]);
      // The gateway proxies /mf/<folder>/ to it.
      expect(gatewayEnv[remoteUrlVariable(m)].value).toBe(`http://${name}:8080`);
    }
  });

  it('routes the gateway to exactly the modules deployed, behind an Ingress', () => {
    const gateway = find('Deployment', 'gateway')!;
    const env = Object.fromEntries(
      (gateway.spec.template.spec.containers[0].env as Obj[]).map((e) => [e.name, e]),
    );
    expect(env.MODULES.value).toBe(names.join(','));
    for (const s of services) expect(env[s.urlVariable].value).toBe(`http://${s.name}:${s.port}`);
    const absent = modules.filter((m) => m.service && !chosen.includes(m));
    for (const m of absent) {
      expect(env[m.service!.urlVariable]).toBeUndefined();
      expect(files[`${m.service!.folder}.yaml`]).toBeUndefined();
      if (m.remote) {
        expect(env[remoteUrlVariable(m)]).toBeUndefined();
        expect(files[`${m.remote.folder}.yaml`]).toBeUndefined();
      }
    }
    const ingress = find('Ingress', 'gateway')!;
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    // Services (and the streams Job) may reach NATS; services and their migrations Postgres; nobody else.
    const nats = find('NetworkPolicy', 'nats')!;
    expect(nats.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: { 'afyahr.io/nats-client': 'true' } } },
    ]);
    const postgres = find('NetworkPolicy', 'postgres')!;
    expect(postgres.spec.ingress[0]).toEqual({
      from: [{ podSelector: { matchLabels: { 'afyahr.io/postgres-client': 'true' } } }],
      ports: [{ protocol: 'TCP', port: 5432 }],
    });
    expect(gateway.spec.template.metadata.labels['afyahr.io/postgres-client']).toBeUndefined();
  });

  it("NATS's Helm values: a three-node JetStream cluster with every bus user of nats.conf, passwords from the Secret", () => {
    const values = parse(files['nats-values.yaml']!) as Obj;
    expect(values.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(values.config.jetstream.enabled).toBe(true);
    // Every event stream is kept on each of the three servers.
    const streams = find('Job', 'nats-streams')!.spec.template.spec.containers[0];
    expect((streams.env as Obj[]).find((e) => e.name === 'NATS_STREAM_REPLICAS')!.value).toBe(
      String(values.config.cluster.replicas),
    );
    const users = values.config.merge.authorization.users as Obj[];
    expect(users.map((u) => u.user).sort()).toEqual(
      busAccounts(chosen)
        .map((a) => a.user)
        .sort(),
    );
    for (const u of users) {
      const variable = natsPasswordVariable(u.user);
      expect(u.password).toBe(`<< $${variable} >>`);
      expect(values.container.env[variable].valueFrom.secretKeyRef.key).toBe(variable);
      expect(u.permissions.publish.allow.length).toBeGreaterThan(0);
    }
  });

  it('the kustomization lists every manifest file but Postgres, and every image', () => {
    const kustomization = parse(files['kustomization.yaml']!) as Obj;
    expect(kustomization.resources.sort()).toEqual(
      Object.keys(files)
        .filter((f) => !['kustomization.yaml', 'nats-values.yaml', 'postgres.yaml'].includes(f))
        .sort(),
    );
    for (const object of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job'))
      for (const c of object.spec.template.spec.containers)
        expect(kustomization.images.map((i: Obj) => `${i.name}:${i.newTag}`)).toContain(c.image);
  });
});

it('the schema check refuses a broken object (it is really run)', () => {
  const files = k8sManifests(modules, REPO_ROOT);
  const deployment = k8sObjects(files, parseDocs)
    .map((o) => o.object as Obj)
    .find((o) => o.kind === 'Deployment')!;
  deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
  expect(() => validateAgainstApi(deployment)).toThrow(/containerPort/);
});
