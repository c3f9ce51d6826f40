import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { busPermissions, natsPasswordVariable } from '@platform/event-bus';
import type { ModuleDescriptor } from '@platform/contracts';
import { busAccounts, STREAMS_USER } from './nats-accounts';
import { chooseModules, servicesToRun, type ServiceToRun } from './modules';
import { GENERATED } from './generated-banner';
import { remoteUrlVariable } from '@platform/modules';
import { REMOTE_PORT } from './remote-nginx';

/**
 * Kubernetes manifests generated from the module descriptors (`npm run generate` writes deploy/k8s/; a test keeps
 * the committed files equal to this, another validates every object against the Kubernetes API schemas):
 * per module service a Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, NetworkPolicy,
 * ConfigMap and migration Job; per module remote (its pages' static build, nginx) a Deployment, Service,
 * HorizontalPodAutoscaler, PodDisruptionBudget and NetworkPolicy, the gateway proxying to it; the gateway's
 * with an Ingress; NATS as a three-node JetStream cluster through the
 * official NATS Helm chart's values, with the users of nats/nats.conf; Postgres as a CloudNativePG Cluster (or
 * any Postgres: the same Secret holding its URL); a kustomization listing it all. A standalone product is the
 * same with fewer modules: `npm run k8s -- --modules events --out <dir>`.
 */
export interface K8sOptions {
  /** MODULES: the modules named (and the essential ones); empty: every module. */
  modules?: string[];
  /** The folder the files are meant for, for the comments' commands (default deploy/k8s). */
  out?: string;
}

type Obj = Record<string, unknown>;

export const K8S_DIR = 'deploy/k8s';
/** Labels every object carries, and the ones NetworkPolicies select on. */
const PART_OF = 'afyahr';
const NAME = 'app.kubernetes.io/name';
const NATS_CLIENT = 'afyahr.io/nats-client';
const POSTGRES_CLIENT = 'afyahr.io/postgres-client';
/** CloudNativePG names its Cluster's application Secret `<cluster>-app`; its key `uri` is the URL. */
export const POSTGRES_CLUSTER = 'afyahr-postgres';
const DATABASE_SECRET = `${POSTGRES_CLUSTER}-app`;
/** One Secret with every NATS user's password (`npm run -s nats-config -- passwords`), read key by key. */
const NATS_SECRET = 'afyahr-nats-passwords';
const JWT_SECRET = 'afyahr-jwt';
const PLATFORM_CONFIG = 'afyahr-platform';
/** The NATS Helm release's name: its client Service is `nats`. */
const NATS_RELEASE = 'nats';
const NATS_URL = `nats://${NATS_RELEASE}:4222`;
/** Prometheus's namespace (kube-prometheus-stack's default): the one other caller of /metrics. */
const MONITORING_NAMESPACE = 'monitoring';
/** Prometheus scrapes /metrics with this token (optional: without it no process serves /metrics). */
const metricsToken = () => secretEnv('METRICS_TOKEN', 'afyahr-metrics', 'METRICS_TOKEN', true);
/** Lets Prometheus reach a pod's port for /metrics (the process still asks for the token). */
const scrapedBy = (port: number) => ({
  from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } } }],
  ports: [{ protocol: 'TCP', port }],
});
const GATEWAY_PORT = 8080;
const IMAGE_TAG = '0.1.0';
/** The user of the distroless image (`nonroot`). */
const RUN_AS = 65532;
/** The user of a remote's image (nginx-unprivileged's `nginx`). */
const REMOTE_RUN_AS = 101;

const image = (target: string) => `afyahr/${target}:${IMAGE_TAG}`;
const labels = (name: string, component: string, extra: Record<string, string> = {}) => ({
  [NAME]: name,
  'app.kubernetes.io/part-of': PART_OF,
  'app.kubernetes.io/component': component,
  ...extra,
});
const meta = (name: string, component: string, extra: Obj = {}) => ({
  name,
  labels: labels(name, component),
  ...extra,
});
const secretEnv = (name: string, secret: string, key: string, optional = false) => ({
  name,
  valueFrom: { secretKeyRef: { name: secret, key, ...(optional ? { optional: true } : {}) } },
});
const configEnv = (name: string, key = name, optional = false) => ({
  name,
  valueFrom: { configMapKeyRef: { name: PLATFORM_CONFIG, key, ...(optional ? { optional: true } : {}) } },
});
/** The OpenTelemetry collector spans go to, when the ConfigMap names one (`OTEL_EXPORTER_OTLP_ENDPOINT`). */
const tracesTo = () => configEnv('OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT', true);
const value = (name: string, v: string | number) => ({ name, value: String(v) });

/** Non-root, no privilege, read-only root file system: the one place written is the /tmp volume. */
const podSecurityAs = (user: number) => ({
  runAsNonRoot: true,
  runAsUser: user,
  runAsGroup: user,
  fsGroup: user,
  seccompProfile: { type: 'RuntimeDefault' },
});
const podSecurity = podSecurityAs(RUN_AS);
const containerSecurity = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};
const tmpVolume = { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } };
const tmpMount = { name: 'tmp', mountPath: '/tmp' };

/** The JWT keys: the public one for all, the private one for the token signer alone. */
function keysVolume(signer: boolean) {
  const items = [{ key: 'jwt-ed25519.pub.pem', path: 'jwt-ed25519.pub.pem' }];
  if (signer) items.push({ key: 'jwt-ed25519.pem', path: 'jwt-ed25519.pem' });
  return { name: 'keys', secret: { secretName: JWT_SECRET, items, defaultMode: 0o440 } };
}

const probes = {
  // Starting migrates the schema and replays revocations: up to five minutes before liveness counts.
  startupProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 5, failureThreshold: 60 },
  livenessProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 10, failureThreshold: 3 },
  readinessProbe: {
    httpGet: { path: '/health/ready', port: 'http' },
    periodSeconds: 5,
    failureThreshold: 2,
    timeoutSeconds: 3,
  },
};

/**
 * Graceful shutdown: the pod is taken out of its Service's endpoints while it sleeps five seconds, then
 * SIGTERM reaches node (no shell between): in-flight requests finish, consumers stop, the outbox is flushed.
 */
const lifecycle = { preStop: { sleep: { seconds: 5 } } };

function deployment(opts: {
  name: string;
  component: string;
  port: number;
  env: Obj[];
  podLabels: Record<string, string>;
  /** The JWT keys it reads: the public one, also the private one (the signer), or none (a remote's nginx). */
  keys: 'public' | 'signer' | 'none';
  envFrom?: Obj[];
  resources: Obj;
  /** Default: the distroless image's user, and probes that wait for a service's start. */
  runAs?: number;
  probes?: Obj;
}): Obj {
  const keys = opts.keys === 'none' ? [] : [keysVolume(opts.keys === 'signer')];
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(opts.name, opts.component),
    spec: {
      replicas: 2,
      revisionHistoryLimit: 5,
      selector: { matchLabels: { [NAME]: opts.name } },
      // One new pod at a time, none taken away before its replacement is ready.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: { ...labels(opts.name, opts.component), ...opts.podLabels } },
        spec: {
          automountServiceAccountToken: false,
          securityContext: podSecurityAs(opts.runAs ?? RUN_AS),
          terminationGracePeriodSeconds: 40,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: { [NAME]: opts.name } },
            },
          ],
          containers: [
            {
              name: opts.name,
              image: image(opts.name),
              ports: [{ name: 'http', containerPort: opts.port }],
              env: opts.env,
              ...(opts.envFrom ? { envFrom: opts.envFrom } : {}),
              ...(opts.probes ?? probes),
              lifecycle,
              resources: opts.resources,
              securityContext: containerSecurity,
              volumeMounts: [
                tmpMount,
                ...keys.map(() => ({ name: 'keys', mountPath: '/keys', readOnly: true })),
              ],
            },
          ],
          volumes: [tmpVolume, ...keys],
        },
      },
    },
  };
}

const service = (name: string, component: string, port: number): Obj => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: meta(name, component),
  spec: { selector: { [NAME]: name }, ports: [{ name: 'http', port, targetPort: 'http' }] },
});

const autoscaler = (name: string, component: string, max: number): Obj => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: meta(name, component),
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: 2,
    maxReplicas: max,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
      },
    ],
  },
});

const disruptionBudget = (name: string, component: string): Obj => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: meta(name, component),
  spec: { minAvailable: 1, selector: { matchLabels: { [NAME]: name } } },
});

/** The schema a service migrates, from its drizzle.config.ts (`schemaFilter: ['hire']`). */
function schemaOf(root: string, folder: string): string {
  const file = path.join(root, folder, 'drizzle.config.ts');
  const found = existsSync(file)
    ? /schemaFilter:\s*\[\s*'([a-z_][a-z0-9_]*)'/.exec(readFileSync(file, 'utf8'))
    : null;
  if (!found)
    throw new Error(`${folder}/drizzle.config.ts names no schemaFilter: its migration Job needs the schema`);
  return found[1]!;
}

function serviceEnv(s: ServiceToRun): Obj[] {
  return [
    value('PORT', s.port),
    value('HOST', '0.0.0.0'),
    secretEnv('DATABASE_URL', DATABASE_SECRET, 'uri'),
    value('DATABASE_POOL', 10),
    value('NATS_URL', NATS_URL),
    value('NATS_USER', s.name),
    secretEnv('NATS_PASSWORD', NATS_SECRET, natsPasswordVariable(s.name)),
    ...(s.signsTokens ? [value('JWT_PRIVATE_KEY_FILE', '/keys/jwt-ed25519.pem')] : []),
    value('JWT_PUBLIC_KEY_FILE', '/keys/jwt-ed25519.pub.pem'),
    ...(s.signsTokens
      ? [
          secretEnv('ADMIN_EMAIL', 'afyahr-admin', 'ADMIN_EMAIL', true),
          secretEnv('ADMIN_PASSWORD', 'afyahr-admin', 'ADMIN_PASSWORD', true),
        ]
      : []),
    ...(s.auditProducers !== undefined ? [value('AUDIT_PRODUCERS', s.auditProducers)] : []),
    ...(s.notificationProducers !== undefined
      ? [
          value('NOTIFICATION_PRODUCERS', s.notificationProducers),
          secretEnv('SMTP_URL', 'afyahr-mail', 'SMTP_URL', true),
          configEnv('MAIL_FROM'),
          secretEnv('AT_USERNAME', 'afyahr-sms', 'AT_USERNAME', true),
          secretEnv('AT_API_KEY', 'afyahr-sms', 'AT_API_KEY', true),
          secretEnv('AT_SENDER_ID', 'afyahr-sms', 'AT_SENDER_ID', true),
        ]
      : []),
    configEnv('PUBLIC_URL'),
    metricsToken(),
    tracesTo(),
    // Only the gateway reaches a service (its NetworkPolicy): its X-Forwarded-For is believed from pod addresses.
    configEnv('TRUSTED_PROXIES', 'POD_CIDR'),
  ];
}

const serviceResources = {
  requests: { cpu: '100m', memory: '192Mi' },
  limits: { cpu: '1', memory: '512Mi' },
};

/** Everything one module's service runs as: file deploy/k8s/<svc>.yaml. */
function moduleObjects(root: string, m: ModuleDescriptor, s: ServiceToRun): Obj[] {
  const component = 'service';
  const podLabels = { 'afyahr.io/module': m.name, [NATS_CLIENT]: 'true', [POSTGRES_CLIENT]: 'true' };
  const schema = schemaOf(root, s.name);
  // The module's own variables (the descriptor's service.environment) come from an optional Secret of its own.
  const envFrom = [{ secretRef: { name: `${s.name}-env`, optional: true } }];
  return [
    deployment({
      name: s.name,
      component,
      port: s.port,
      env: serviceEnv(s),
      envFrom,
      podLabels,
      keys: s.signsTokens ? 'signer' : 'public',
      resources: serviceResources,
    }),
    service(s.name, component, s.port),
    autoscaler(s.name, component, 6),
    disruptionBudget(s.name, component),
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta(s.name, component),
      spec: {
        podSelector: { matchLabels: { [NAME]: s.name } },
        policyTypes: ['Ingress'],
        // The gateway alone may call a service; Prometheus may scrape it.
        ingress: [
          {
            from: [{ podSelector: { matchLabels: { [NAME]: 'gateway' } } }],
            ports: [{ protocol: 'TCP', port: s.port }],
          },
          scrapedBy(s.port),
        ],
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: meta(`${s.name}-migrate`, 'migration'),
      spec: {
        backoffLimit: 4,
        // Gone an hour after it finished, so the next version's Job can be applied under the same name.
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels: { ...labels(`${s.name}-migrate`, 'migration'), [POSTGRES_CLIENT]: 'true' } },
          spec: {
            restartPolicy: 'OnFailure',
            automountServiceAccountToken: false,
            securityContext: podSecurity,
            containers: [
              {
                name: 'migrate',
                image: image(s.name),
                args: ['--import', 'tsx', '../packages/service-kit/src/migrate-cli.ts', schema],
                env: [secretEnv('DATABASE_URL', DATABASE_SECRET, 'uri')],
                resources: {
                  requests: { cpu: '50m', memory: '128Mi' },
                  limits: { cpu: '500m', memory: '256Mi' },
                },
                securityContext: containerSecurity,
                volumeMounts: [tmpMount],
              },
            ],
            volumes: [tmpVolume],
          },
        },
      },
    },
  ];
}

/** A remote's nginx: its files are in the image, ready as soon as it listens. */
const remoteProbes = {
  livenessProbe: { httpGet: { path: '/health/live', port: 'http' }, periodSeconds: 10, failureThreshold: 3 },
  readinessProbe: { httpGet: { path: '/health/ready', port: 'http' }, periodSeconds: 5, failureThreshold: 2 },
};

/**
 * Everything one module's remote (its pages' static build) runs as: file deploy/k8s/<mf>.yaml. Its own
 * image (docker/remote.Dockerfile, nginx), reached by the gateway alone, which proxies /mf/<folder>/ to it.
 */
function remoteObjects(m: ModuleDescriptor): Obj[] {
  const name = m.remote!.folder;
  const component = 'remote';
  return [
    deployment({
      name,
      component,
      port: REMOTE_PORT,
      env: [],
      podLabels: { 'afyahr.io/module': m.name },
      keys: 'none',
      runAs: REMOTE_RUN_AS,
      probes: remoteProbes,
      resources: { requests: { cpu: '20m', memory: '32Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
    }),
    service(name, component, REMOTE_PORT),
    autoscaler(name, component, 4),
    disruptionBudget(name, component),
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta(name, component),
      spec: {
        podSelector: { matchLabels: { [NAME]: name } },
        policyTypes: ['Ingress'],
        // The gateway alone: browsers reach the files through it, at /mf/<folder>/.
        ingress: [
          {
            from: [{ podSelector: { matchLabels: { [NAME]: 'gateway' } } }],
            ports: [{ protocol: 'TCP', port: REMOTE_PORT }],
          },
        ],
      },
    },
  ];
}

/** The largest upload any module accepts: the Ingress must let it through (with room for the multipart framing). */
function bodyLimit(modules: ModuleDescriptor[]): string {
  const largest = Math.max(1, ...modules.flatMap((m) => m.service?.uploads?.map((u) => u.maxBytes) ?? []));
  return `${Math.ceil(largest / (1024 * 1024)) + 1}m`;
}

function gatewayObjects(modules: ModuleDescriptor[], services: ServiceToRun[], names: string[]): Obj[] {
  const component = 'gateway';
  const env = [
    value('PORT', GATEWAY_PORT),
    value('HOST', '0.0.0.0'),
    value('NATS_URL', NATS_URL),
    value('NATS_USER', 'gateway'),
    secretEnv('NATS_PASSWORD', NATS_SECRET, natsPasswordVariable('gateway')),
    value('JWT_PUBLIC_KEY_FILE', '/keys/jwt-ed25519.pub.pem'),
    configEnv('PUBLIC_URL'),
    metricsToken(),
    tracesTo(),
    value('MODULES', names.join(',')),
    ...services.map((s) => value(s.urlVariable, `http://${s.name}:${s.port}`)),
    // Each remote's pages from its own image: the gateway proxies /mf/<folder>/ there.
    ...modules.flatMap((m) =>
      m.remote ? [value(remoteUrlVariable(m), `http://${m.remote.folder}:${REMOTE_PORT}`)] : [],
    ),
    // Clients come through the Ingress controller: its X-Forwarded-For is believed from pod addresses.
    configEnv('TRUSTED_PROXIES', 'POD_CIDR'),
  ];
  return [
    deployment({
      name: 'gateway',
      component,
      port: GATEWAY_PORT,
      env,
      podLabels: { [NATS_CLIENT]: 'true' },
      keys: 'public',
      resources: { requests: { cpu: '200m', memory: '256Mi' }, limits: { cpu: '2', memory: '768Mi' } },
    }),
    service('gateway', component, GATEWAY_PORT),
    autoscaler('gateway', component, 10),
    disruptionBudget('gateway', component),
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('gateway', component),
      spec: {
        podSelector: { matchLabels: { [NAME]: 'gateway' } },
        policyTypes: ['Ingress'],
        // The Ingress controller alone reaches the gateway (ingress-nginx's namespace; change for another).
        ingress: [
          {
            from: [
              { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
            ],
            ports: [{ protocol: 'TCP', port: GATEWAY_PORT }],
          },
          scrapedBy(GATEWAY_PORT),
        ],
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: meta('gateway', component, {
        annotations: {
          'nginx.ingress.kubernetes.io/proxy-body-size': bodyLimit(modules),
          'cert-manager.io/cluster-issuer': 'letsencrypt',
        },
      }),
      spec: {
        ingressClassName: 'nginx',
        tls: [{ hosts: ['afyahr.example'], secretName: 'afyahr-tls' }],
        rules: [
          {
            host: 'afyahr.example',
            http: {
              paths: [
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: 'gateway', port: { name: 'http' } } },
                },
              ],
            },
          },
        ],
      },
    },
  ];
}

/** Shared configuration, the Job making the streams, and who may reach NATS and Postgres. */
function platformObjects(): Obj[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta(PLATFORM_CONFIG, 'config'),
      data: {
        PUBLIC_URL: 'https://afyahr.example',
        MAIL_FROM: 'AfyaHR <no-reply@afyahr.example>',
        // The cluster's pod address range: the gateway's and the Ingress controller's X-Forwarded-For is
        // believed from it (NetworkPolicies keep everyone else away from the services).
        POD_CIDR: '10.0.0.0/8',
        // Add OTEL_EXPORTER_OTLP_ENDPOINT (an OpenTelemetry collector, OTLP over HTTP) to send trace spans there.
      },
    },
    {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: meta('nats-streams', 'migration'),
      spec: {
        backoffLimit: 10,
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels: { ...labels('nats-streams', 'migration'), [NATS_CLIENT]: 'true' } },
          spec: {
            restartPolicy: 'OnFailure',
            automountServiceAccountToken: false,
            securityContext: podSecurity,
            containers: [
              {
                name: 'nats-streams',
                // The gateway's image carries every descriptor and this script (scripts/image-context.ts).
                image: image('gateway'),
                workingDir: '/app',
                args: ['--import', 'tsx', 'scripts/nats-streams.ts'],
                env: [
                  value('NATS_URL', NATS_URL),
                  secretEnv('NATS_PASSWORD', NATS_SECRET, natsPasswordVariable(STREAMS_USER)),
                  // Every event stream on the three servers: one lost loses no event.
                  value('NATS_STREAM_REPLICAS', 3),
                ],
                resources: {
                  requests: { cpu: '50m', memory: '128Mi' },
                  limits: { cpu: '500m', memory: '256Mi' },
                },
                securityContext: containerSecurity,
                volumeMounts: [tmpMount],
              },
            ],
            volumes: [tmpVolume],
          },
        },
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('nats', 'nats'),
      spec: {
        podSelector: { matchLabels: { [NAME]: 'nats', 'app.kubernetes.io/instance': NATS_RELEASE } },
        policyTypes: ['Ingress'],
        ingress: [
          // Clients: the services, the gateway and the streams Job.
          {
            from: [{ podSelector: { matchLabels: { [NATS_CLIENT]: 'true' } } }],
            ports: [{ protocol: 'TCP', port: 4222 }],
          },
          // The cluster's own routes, between its three servers.
          {
            from: [
              {
                podSelector: { matchLabels: { [NAME]: 'nats', 'app.kubernetes.io/instance': NATS_RELEASE } },
              },
            ],
            ports: [{ protocol: 'TCP', port: 6222 }],
          },
        ],
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('postgres', 'postgres'),
      spec: {
        podSelector: { matchLabels: { 'cnpg.io/cluster': POSTGRES_CLUSTER } },
        policyTypes: ['Ingress'],
        ingress: [
          // The services and their migration Jobs.
          {
            from: [{ podSelector: { matchLabels: { [POSTGRES_CLIENT]: 'true' } } }],
            ports: [{ protocol: 'TCP', port: 5432 }],
          },
          // Replication between the instances.
          { from: [{ podSelector: { matchLabels: { 'cnpg.io/cluster': POSTGRES_CLUSTER } } }] },
          // The CloudNativePG operator (its status endpoint and its own connections).
          {
            from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'cnpg-system' } } }],
          },
        ],
      },
    },
  ];
}

/** Postgres through the CloudNativePG operator: three instances, WAL and base backups to object storage. */
function postgresObjects(): Obj[] {
  return [
    {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      metadata: meta(POSTGRES_CLUSTER, 'postgres'),
      spec: {
        instances: 3,
        imageName: 'ghcr.io/cloudnative-pg/postgresql:16',
        // Its application Secret `<cluster>-app` (key `uri`) is what every service's DATABASE_URL reads.
        bootstrap: { initdb: { database: 'afya', owner: 'afya' } },
        storage: { size: '20Gi' },
        resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '2Gi' } },
        backup: {
          retentionPolicy: '30d',
          barmanObjectStore: {
            destinationPath: 's3://afyahr-backups/postgres',
            s3Credentials: {
              accessKeyId: { name: 'afyahr-backup-s3', key: 'ACCESS_KEY_ID' },
              secretAccessKey: { name: 'afyahr-backup-s3', key: 'ACCESS_SECRET_KEY' },
            },
            wal: { compression: 'gzip' },
          },
        },
      },
    },
    {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'ScheduledBackup',
      metadata: meta(`${POSTGRES_CLUSTER}-daily`, 'postgres'),
      spec: { schedule: '0 0 2 * * *', backupOwnerReference: 'self', cluster: { name: POSTGRES_CLUSTER } },
    },
  ];
}

/** The official NATS Helm chart's values: three JetStream servers, and the platform's users and permissions. */
function natsValues(modules: ModuleDescriptor[]): Obj {
  const accounts = busAccounts(modules);
  const users = accounts.map((a) => {
    const p = busPermissions(a, accounts);
    return {
      user: a.user,
      password: `<< $${natsPasswordVariable(a.user)} >>`,
      permissions: {
        publish: { allow: p.publish.allow, deny: p.publish.deny },
        subscribe: { allow: p.subscribe.allow },
      },
    };
  });
  return {
    config: {
      cluster: { enabled: true, replicas: 3 },
      jetstream: {
        enabled: true,
        fileStore: { enabled: true, pvc: { enabled: true, size: '10Gi' } },
        // Every write synced to disk before it is acknowledged, as in nats/nats.conf.
        merge: { sync_interval: 'always' },
      },
      merge: { authorization: { users } },
    },
    // Each password from the Secret the services read theirs from.
    container: {
      env: Object.fromEntries(
        accounts.map((a) => {
          const key = natsPasswordVariable(a.user);
          return [key, { valueFrom: { secretKeyRef: { name: NATS_SECRET, key } } }];
        }),
      ),
    },
    podTemplate: {
      topologySpreadConstraints: {
        'kubernetes.io/hostname': { maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' },
      },
    },
    podDisruptionBudget: { enabled: true },
  };
}

const header = (lines: string[]) =>
  [`# ${GENERATED} from the module descriptors (<service>/module.json).`, ...lines.map((l) => `# ${l}`)].join(
    '\n',
  );
const documents = (head: string, objects: Obj[]) =>
  `${head}\n${objects.map((o) => `---\n${stringify(o, { lineWidth: 0 })}`).join('')}`;

/** Every file of a Kubernetes deployment of `modules` (all, or MODULES'), by its path under the output folder. */
export function k8sManifests(
  all: ModuleDescriptor[],
  root: string,
  opts: K8sOptions = {},
): Record<string, string> {
  const modules = chooseModules(all, opts.modules);
  const out = opts.out ?? K8S_DIR;
  const services = servicesToRun(modules, root);
  const names = opts.modules ?? [];
  const files: Record<string, string> = {};
  for (const s of services) {
    const m = modules.find((x) => x.service?.folder === s.name)!;
    files[`${s.name}.yaml`] = documents(
      header([
        `Module ${m.name}: its service ${s.name} (image afyahr/${s.name}, built by \`npm run image-context -- ${s.name} <dir>\`),`,
        `run after its migration Job. Its own variables (${Object.keys(m.service!.environment ?? {}).join(', ') || 'none'})`,
        `come from the optional Secret ${s.name}-env.`,
      ]),
      moduleObjects(root, m, s),
    );
  }
  const remotes = modules.filter((m) => m.remote);
  for (const m of remotes) {
    const folder = m.remote!.folder;
    files[`${folder}.yaml`] = documents(
      header([
        `Module ${m.name}: its pages, ${folder}'s static build (image afyahr/${folder}, built by`,
        `\`npm run image-context -- ${folder} <dir>\`), served by nginx to the gateway alone (${remoteUrlVariable(m)}).`,
      ]),
      remoteObjects(m),
    );
  }
  files['gateway.yaml'] = documents(
    header([
      'The gateway, the one public origin (image afyahr/gateway: the shell built, served here; each remote',
      'proxied at /mf/<folder>/ to its own image), behind an Ingress. Set the host, TLS Secret and issuer to yours.',
    ]),
    gatewayObjects(modules, services, names),
  );
  files['platform.yaml'] = documents(
    header([
      `Shared configuration, the Job making NATS's streams and buckets (as the user ${STREAMS_USER}), and the`,
      'NetworkPolicies letting only the services (and the gateway, to NATS) reach NATS and Postgres.',
    ]),
    platformObjects(),
  );
  files['postgres.yaml'] = documents(
    header([
      `Postgres through the CloudNativePG operator: kubectl apply -f ${out}/postgres.yaml. Any other Postgres`,
      `instead: skip this file and create the Secret ${DATABASE_SECRET} with its URL under the key uri.`,
    ]),
    postgresObjects(),
  );
  files['nats-values.yaml'] = `${header([
    'Values for the official NATS Helm chart (1.x): three JetStream servers and one user per service, as nats/nats.conf.',
    `helm upgrade --install ${NATS_RELEASE} nats/nats -f ${out}/nats-values.yaml`,
  ])}\n${stringify(natsValues(modules), { lineWidth: 0 })}`;
  files['kustomization.yaml'] = `${header([`kubectl apply -k ${out}   (see docs/deploy.md)`])}\n${stringify(
    {
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      labels: [{ pairs: { 'app.kubernetes.io/part-of': PART_OF }, includeSelectors: false }],
      // postgres.yaml apart: applied once with the operator, or left out for an external Postgres.
      resources: [
        'platform.yaml',
        ...services.map((s) => `${s.name}.yaml`),
        ...remotes.map((m) => `${m.remote!.folder}.yaml`),
        'gateway.yaml',
      ],
      images: ['gateway', ...services.map((s) => s.name), ...remotes.map((m) => m.remote!.folder)].map(
        (t) => ({
          name: `afyahr/${t}`,
          newTag: IMAGE_TAG,
        }),
      ),
    },
    { lineWidth: 0 },
  )}`;
  return files;
}

/** The objects of every rendered manifest file (not the Helm values nor the kustomization), for validation. */
export function k8sObjects(
  files: Record<string, string>,
  parse: (text: string) => unknown[],
): Array<{ file: string; object: Obj }> {
  return Object.entries(files)
    .filter(([file]) => file !== 'nats-values.yaml' && file !== 'kustomization.yaml')
    .flatMap(([file, text]) =>
      parse(text)
        .filter((o): o is Obj => !!o)
        .map((object) => ({ file, object })),
    );
}
