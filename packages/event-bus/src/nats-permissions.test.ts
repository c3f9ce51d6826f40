import { busPermissions, natsAuthorization, natsPasswordVariable, type BusAccount } from './nats-permissions';

const sessions = { producer: 'identity', filter: 'identity.session.>' };
const accounts: BusAccount[] = [
  { user: 'svc-identity', producer: 'identity', follows: [sessions] },
  {
    user: 'svc-hire',
    producer: 'hire',
    consumers: [{ producer: 'identity', durable: 'svc-hire__user-sync', filter: 'identity.user.>' }],
    follows: [sessions],
  },
  { user: 'gateway', follows: [sessions], buckets: ['gateway-rate-limits'] },
  {
    user: 'streams',
    manages: ['identity', 'hire', 'deadletter'],
    managesBuckets: ['gateway-rate-limits'],
  },
];
const of = (user: string, prefix = '') =>
  busPermissions(
    accounts.find((a) => a.user === user)!,
    accounts,
    prefix,
  );

describe('busPermissions', () => {
  it('lets a producer publish on its own subjects and read its own stream, with the deployment prefix', () => {
    const { publish } = of('svc-hire', 't_x_');
    expect(publish.allow).toEqual(
      expect.arrayContaining([
        't_x_hire.>',
        '$JS.API.STREAM.INFO.T_X_HIRE',
        '$JS.API.STREAM.INFO.T_X_DEADLETTER',
        '$JS.API.CONSUMER.CREATE.T_X_IDENTITY.t_x_svc-hire__user-sync.t_x_identity.user.>',
        '$JS.API.CONSUMER.MSG.NEXT.T_X_IDENTITY.t_x_svc-hire__user-sync',
        '$JS.ACK.T_X_IDENTITY.t_x_svc-hire__user-sync.>',
        '$JS.API.CONSUMER.CREATE.T_X_IDENTITY.*.t_x_identity.session.>',
        't_x_deadletter.svc-hire.>',
      ]),
    );
    const all = publish.allow.join(' ');
    expect(all).not.toMatch(/identity\.>|STREAM\.INFO\.T_X_IDENTITY|DELETE|PURGE|DIRECT|MSG\.GET/);
  });

  it('lets no service make or change a stream, its own included: a stream made to republish writes anywhere', () => {
    for (const user of ['svc-identity', 'svc-hire', 'gateway'])
      expect(of(user).publish.allow.join(' ')).not.toMatch(/STREAM\.(CREATE|UPDATE)/);
  });

  it('lets the stream maker make and update the streams and buckets it manages, and do nothing else', () => {
    const { publish, subscribe } = of('streams', 't_x_');
    expect(publish.allow.sort()).toEqual(
      [
        '$JS.API.INFO',
        ...['T_X_IDENTITY', 'T_X_HIRE', 'T_X_DEADLETTER', 'KV_T_X_GATEWAY-RATE-LIMITS'].flatMap((s) =>
          ['INFO', 'CREATE', 'UPDATE'].map((op) => `$JS.API.STREAM.${op}.${s}`),
        ),
      ].sort(),
    );
    expect(subscribe.allow).toEqual(['_INBOX.streams.>']);
  });

  it('gives a reader (the gateway) no event subject, no stream and no dead letters to publish', () => {
    const { publish, subscribe } = of('gateway');
    // Its bucket's keys alone: writing them, and reading a key's last value.
    expect(publish.allow.filter((s) => !s.startsWith('$JS.API.CONSUMER.'))).toEqual([
      '$JS.API.INFO',
      '$KV.GATEWAY-RATE-LIMITS.>',
      '$JS.API.DIRECT.GET.KV_GATEWAY-RATE-LIMITS.$KV.GATEWAY-RATE-LIMITS.>',
    ]);
    expect(publish.allow.filter((s) => s.includes('STREAM'))).toEqual([]);
    expect(subscribe.allow).toEqual(['_INBOX.gateway.>']);
  });

  it("gives a bucket's keys to the accounts that name it, with the deployment prefix, and to no other", () => {
    expect(of('gateway', 't_x_').publish.allow).toEqual(
      expect.arrayContaining([
        '$KV.T_X_GATEWAY-RATE-LIMITS.>',
        '$JS.API.DIRECT.GET.KV_T_X_GATEWAY-RATE-LIMITS.$KV.T_X_GATEWAY-RATE-LIMITS.>',
      ]),
    );
    for (const user of ['svc-identity', 'svc-hire', 'streams'])
      expect(of(user).publish.allow.join(' ')).not.toMatch(/\$KV|DIRECT/);
  });

  it("denies the followers' wildcards another account's durable consumer", () => {
    expect(of('gateway').publish.deny).toEqual([
      '$JS.API.CONSUMER.CREATE.IDENTITY.svc-hire__user-sync.>',
      '$JS.API.CONSUMER.INFO.IDENTITY.svc-hire__user-sync',
      '$JS.API.CONSUMER.MSG.NEXT.IDENTITY.svc-hire__user-sync',
    ]);
    expect(of('svc-hire').publish.deny).toEqual([]);
  });
});

it('writes one user per account whose password is an environment variable of the server', () => {
  const conf = natsAuthorization(accounts);
  expect(conf.match(/user: /g)).toHaveLength(4);
  expect(conf).toContain('password: $SVC_HIRE_NATS_PASSWORD');
  expect(natsPasswordVariable('gateway')).toBe('GATEWAY_NATS_PASSWORD');
});
