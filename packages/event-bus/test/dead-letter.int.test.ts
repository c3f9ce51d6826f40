import { Type } from '@sinclair/typebox';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  deleteStreamsWithPrefix,
  eventually,
  natsUrl,
  readDeadLetters,
  testNatsPrefix,
} from '@platform/testing';
import type { Envelope } from '@platform/contracts';
import { NatsEventBus, durableName, makeEnvelope, streamName, subjectFor } from '../src';
import { recordingLog } from './recording-log';

const prefix = testNatsPrefix();
const url = natsUrl();
const NoteData = Type.Object({ id: Type.String() });
const schemas = { 'demo.note.created.v1': NoteData };

let bus: NatsEventBus;
let raw: NatsConnection;
const logged = recordingLog();

/** What any client on the server could put on the stream: bytes, not necessarily an envelope. */
const publishRaw = (type: string, body: string) =>
  jetstream(raw).publish(subjectFor(prefix, type), new TextEncoder().encode(body));

async function consumerState(durable: string) {
  const jsm = await jetstreamManager(raw);
  return jsm.consumers.info(streamName(prefix, 'demo'), durableName(prefix, durable));
}

beforeAll(async () => {
  raw = await connect({ servers: url });
  bus = await NatsEventBus.connect({ url, prefix, name: 'svc-demo', log: logged.log });
  await bus.ensureStream('demo');
});

afterAll(async () => {
  await bus?.close();
  await raw?.close();
  await deleteStreamsWithPrefix(url, prefix).catch(() => {});
});

describe('a durable consumer checks every event against its contract', () => {
  it('dead-letters a malformed and a schema-invalid event once, applies neither, and goes on with the next', async () => {
    await publishRaw('demo.note.created.v1', '{"id": "forged", "data": ');
    const invalid = makeEnvelope('demo.note.created.v1', { id: 42 });
    await publishRaw('demo.note.created.v1', JSON.stringify(invalid));
    const unknown = makeEnvelope('demo.note.archived.v1', { id: 'n0' });
    await bus.publish(unknown);
    const valid = makeEnvelope('demo.note.created.v1', { id: 'n1' });
    await bus.publish(valid);

    const applied: Envelope[] = [];
    const sub = await bus.subscribe({
      producer: 'demo',
      durable: 'svc-demo__notes',
      filter: 'demo.note.>',
      schemas,
      retryDelayMs: 100,
      handler: async (e) => void applied.push(e),
    });
    await eventually(async () => (applied.length > 0 ? true : undefined));
    // Longer than several retry delays: had anything been redelivered, it would have arrived by now.
    await new Promise((r) => setTimeout(r, 1500));
    await sub.stop();

    expect(applied.map((e) => e.id)).toEqual([valid.id]);
    const letters = await readDeadLetters(url, prefix);
    expect(letters).toHaveLength(2);
    expect(letters.map((l) => l.subject)).toEqual([
      `${prefix}deadletter.svc-demo.svc-demo__notes`,
      `${prefix}deadletter.svc-demo.svc-demo__notes`,
    ]);
    expect(letters[0]!.payload).toBe('{"id": "forged", "data": ');
    expect(letters[0]!.headers).toMatchObject({
      'Dead-Letter-Subject': `${prefix}demo.note.created.v1`,
      'Dead-Letter-Stream': streamName(prefix, 'demo'),
      'Dead-Letter-Sequence': '1',
      'Dead-Letter-Consumer': 'svc-demo__notes',
      'Dead-Letter-Reason': 'invalid',
      'Dead-Letter-Error': 'not a JSON document',
    });
    expect(JSON.parse(letters[1]!.payload)).toEqual(invalid);
    expect(letters[1]!.headers).toMatchObject({
      'Dead-Letter-Sequence': '2',
      'Dead-Letter-Reason': 'invalid',
      'Dead-Letter-Error': '/data/id: must be string',
    });
    // Everything was settled (the unknown type acknowledged, the invalid ones terminated): nothing pending.
    const state = await consumerState('svc-demo__notes');
    expect(state.num_ack_pending).toBe(0);
    expect(state.num_pending).toBe(0);
    expect(state.num_redelivered).toBe(0);
    const warned = logged.lines.filter((l) => l.level === 'warn' && /invalid event/.test(l.msg));
    expect(warned).toHaveLength(2);
    expect(logged.lines.some((l) => l.level === 'debug' && /not handled/.test(l.msg))).toBe(true);
  });

  it('retries a handler that keeps failing, then dead-letters its event after maxDeliver deliveries', async () => {
    const event = makeEnvelope('demo.note.created.v1', { id: 'poison' });
    await bus.publish(event);
    let calls = 0;
    const sub = await bus.subscribe({
      producer: 'demo',
      durable: 'svc-demo__failing',
      filter: 'demo.note.created.v1',
      schemas,
      maxDeliver: 3,
      retryDelayMs: 100,
      handler: async (e) => {
        if (e.id !== event.id) return;
        calls++;
        throw new Error('projection table is locked');
      },
    });
    // This consumer reads the stream from the start, so it also dead-letters the invalid events of the test above.
    const failedHere = async () =>
      (await readDeadLetters(url, prefix)).filter(
        (l) =>
          l.headers['Dead-Letter-Consumer'] === 'svc-demo__failing' &&
          l.headers['Dead-Letter-Reason'] === 'failed',
      );
    const [letter] = await eventually(async () =>
      (await failedHere()).length > 0 ? failedHere() : undefined,
    );
    await new Promise((r) => setTimeout(r, 1000));
    await sub.stop();

    expect(calls).toBe(3);
    expect(JSON.parse(letter!.payload)).toEqual(event);
    expect(letter!.headers).toMatchObject({
      'Dead-Letter-Reason': 'failed',
      'Dead-Letter-Deliveries': '3',
      'Dead-Letter-Error': 'projection table is locked',
    });
    expect(await failedHere()).toHaveLength(1);
    expect((await consumerState('svc-demo__failing')).num_ack_pending).toBe(0);
    expect(logged.lines.filter((l) => l.level === 'warn' && /handler failed/.test(l.msg))).toHaveLength(2);
    expect(logged.lines.filter((l) => l.level === 'error' && /last delivery/.test(l.msg))).toHaveLength(1);
  });
});

describe('follow', () => {
  it('skips invalid events with a log line and hands on the valid ones', async () => {
    const since = new Date();
    await publishRaw('demo.session.revoked.v1', JSON.stringify(makeEnvelope('demo.session.revoked.v1', {})));
    const valid = makeEnvelope('demo.session.revoked.v1', { jti: 'j1' });
    await bus.publish(valid);
    const seen: string[] = [];
    const sub = await bus.follow({
      producer: 'demo',
      filter: 'demo.session.>',
      schemas: { 'demo.session.revoked.v1': Type.Object({ jti: Type.String() }) },
      since,
      handler: (e) => void seen.push(e.id),
    });
    await eventually(async () => (seen.length > 0 ? true : undefined));
    await sub.stop();
    expect(seen).toEqual([valid.id]);
    expect(logged.lines.some((l) => l.level === 'warn' && l.msg === 'invalid event skipped')).toBe(true);
  });
});
