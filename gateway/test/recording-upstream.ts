import type { IncomingHttpHeaders } from 'node:http';
import Fastify from 'fastify';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingUpstream {
  url: string;
  /** Every request that reached the upstream, in order; empty it between cases. */
  received: Received[];
  close(): Promise<void>;
}

/** A stand-in service on a free port: answers 200 to anything and records what reached it. */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const received: Received[] = [];
  const app = Fastify();
  app.addHook('onRequest', async (req) => {
    received.push({ method: req.method, url: req.url, headers: req.headers });
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  app.all('/*', async (req) => ({ reached: true, url: req.url }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, received, close: () => app.close() };
}
