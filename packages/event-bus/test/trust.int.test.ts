import { Type } from '@sinclair/typebox';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  deleteStreamsWithPrefix,
  eventually,
  natsUrl,
  readDeadLetters,
  startNatsServer,
  testNatsPrefix,
  type OwnNatsServer,
} from '@platform/testing';
import type { Envelope } from '@platform/contracts';
import { NatsEventBus, makeEnvelope, openNatsRefusal, streamName, subjectFor } from '../src';
import { recordingLog } from './recording-log';

// What a consumer believes: only its producer's own events, and only on a server that admits nobody else.
const prefix = testNatsPrefix();
const url = natsUrl();
const NoteData = Type.Object({ id: Type.String() });

let raw: NatsConnection;
let open: OwnNatsServer;
const forger = streamName(prefix, 'forger');

beforeAll(async () => {
  raw = await connect({ servers: url });
  // A server without users, as a developer's (or this machine's) default one.
  open = await startNatsServer();
  // A stream made to copy whatever is published on its subjects onto the demo producer's: where anyone
  // may make streams (an open server), that writes into the DEMO stream without publishing on demo.>.
  await (
    await jetstreamManager(raw)
  ).streams.add({
    name: forger,
    subjects: [subjectFor(prefix, 'forger.>')],
    storage: StorageType.File,
    republish: { src: subjectFor(prefix, 'forger.>'), dest: subjectFor(prefix, 'demo.>') },
  });
});

afterAll(async () => {
  await raw?.close();
  await open?.destroy();
  await deleteStreamsWithPrefix(url, prefix).catch(() => {});
});

describe('a bus with a NATS user', () => {
  it('refuses a server that lets clients in without credentials, saying why', async () => {
    const logged = recordingLog();
    const connecting = NatsEventBus.connect({
      url: open.url,
      name: 'svc-demo',
      user: 'svc-demo',
      password: 'any password: this server checks none',
      log: logged.log,
    });
    await expect(connecting).rejects.toThrow(openNatsRefusal(open.url));
    expect(logged.lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: openNatsRefusal(open.url) }),
    );
  });

  it('uses it only with the development switch, and warns', async () => {
    const logged = recordingLog();
    const bus = await NatsEventBus.connect({
      url: open.url,
      name: 'svc-demo',
      user: 'svc-demo',
      password: 'p',
      allowOpenServer: true,
      log: logged.log,
    });
    try {
      await expect(bus.ready()).resolves.toBeUndefined();
      expect(logged.lines).toContainEqual(expect.objectContaining({ level: 'warn' }));
    } finally {
      await bus.close();
    }
  });
});

describe("a producer's stream", () => {
  it('is refused when it was made to republish elsewhere, rather than used', async () => {
    const bus = await NatsEventBus.connect({ url, prefix, name: 'svc-forger' });
    try {
      await expect(bus.ensureStream('forger')).rejects.toThrow(
        `stream ${forger} republishes to ${prefix}demo.>: the platform never makes a stream so`,
      );
    } finally {
      await bus.close();
    }
  });
});

it("dead-letters a copy another stream republished onto a producer's subject, and never applies it", async () => {
  // Only possible where someone could make such a stream (an open server: with the platform's users no
  // service can); the consumer still believes nothing but what the producer itself published.
  const logged = recordingLog();
  const bus = await NatsEventBus.connect({ url, prefix, name: 'svc-demo', log: logged.log });
  await bus.ensureStream('demo');
  const applied: Envelope[] = [];
  const sub = await bus.subscribe({
    producer: 'demo',
    durable: 'svc-demo__notes',
    filter: 'demo.note.>',
    schemas: { 'demo.note.created.v1': NoteData },
    handler: async (e) => void applied.push(e),
  });
  try {
    const forged = makeEnvelope('demo.note.created.v1', { id: 'forged' });
    await jetstream(raw).publish(subjectFor(prefix, 'forger.note.created.v1'), JSON.stringify(forged));
    const real = makeEnvelope('demo.note.created.v1', { id: 'real' });
    await bus.publish(real);

    await eventually(async () => (applied.some((e) => e.id === real.id) ? true : undefined));
    const letters = await eventually(async () => {
      const all = await readDeadLetters(url, prefix);
      return all.length ? all : undefined;
    });
    expect(applied.map((e) => e.id)).toEqual([real.id]);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.headers).toMatchObject({
      'Dead-Letter-Reason': 'invalid',
      'Dead-Letter-Error': `republished here from stream ${forger}: not its producer's`,
    });
    expect(JSON.parse(letters[0]!.payload)).toMatchObject({ id: forged.id });
  } finally {
    await sub.stop();
    await bus.close();
  }
});
