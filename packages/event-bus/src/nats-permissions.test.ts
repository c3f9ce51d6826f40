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
  { user: 'gateway', follows: [sessions] },
  { user: 'streams', manages: ['identity', 'hire', 'deadletter'] },
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

  it('lets the stream maker make and update the streams it manages, and do nothing else', () => {
    const { publish, subscribe } = of('streams', 't_x_');
    expect(publish.allow.sort()).toEqual(
      [
        '$JS.API.INFO',
        ...['IDENTITY', 'HIRE', 'DEADLETTER'].flatMap((s) =>
          ['INFO', 'CREATE', 'UPDATE'].map((op) => `$JS.API.STREAM.${op}.T_X_${s}`),
        ),
      ].sort(),
    );
    expect(subscribe.allow).toEqual(['_INBOX.streams.>']);
  });

  it('gives a reader (the gateway) no event subject, no stream and no dead letters to publish', () => {
    const { publish, subscribe } = of('gateway');
    expect(publish.allow.filter((s) => !s.startsWith('$JS.API.'))).toEqual([]);
    expect(publish.allow.filter((s) => s.includes('STREAM'))).toEqual([]);
    expect(subscribe.allow).toEqual(['_INBOX.gateway.>']);
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
