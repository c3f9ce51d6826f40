import { Writable } from 'node:stream';
import pino from 'pino';
import { buildService } from './service';
import { onSpanEnd } from './tracing';

/** A request's log lines carry its trace id, so a trace in the collector leads to its lines and back. */
it("writes the request's trace id on each of its log lines", async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildService({ name: 'svc-test', logger: pino({ level: 'info' }, sink), docs: false });
  app.get('/things/:id', async (request) => {
    request.log.info('looking it up');
    return { ok: true };
  });
  const ended: string[] = [];
  const stop = onSpanEnd((s) => ended.push(s.spanContext().traceId));
  try {
    const res = await app.inject({
      url: '/things/7',
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    expect(res.statusCode).toBe(200);
    const line = lines.find((l) => l.msg === 'looking it up');
    expect(line).toMatchObject({ trace_id: '4bf92f3577b34da6a3ce929d0e0e4736' });
    expect(ended).toContain('4bf92f3577b34da6a3ce929d0e0e4736');
  } finally {
    stop();
    await app.close();
  }
});
