/**
 * A reference column for `bench:gateway` (not a test, never deployed): what moving the bytes costs in Node.
 * Each client connection is bound to one connection to the service its first request names (longest
 * prefix); from then on bytes flow both ways untouched: no HTTP parsing, no checks, no headers, Node's
 * sockets and event loop only. Beside nginx (a hop in C) it says whether Node itself is what a hop costs.
 * Env: PORT, and ROUTES as JSON `{ "/api/job": "http://127.0.0.1:4001", ... }`.
 */
import net from 'node:net';
import { routesFromEnv } from './proxy-routes';

const routes = routesFromEnv();

net
  .createServer({ noDelay: true }, (client) => {
    client.once('data', (first: Buffer) => {
      // The request line's target: between the first two spaces of the first packet.
      const target = first.toString('latin1', 0, Math.min(first.length, 2048)).split(' ')[1] ?? '';
      const route = routes.find((r) => target.startsWith(r.prefix));
      if (!route) return client.destroy();
      const service = net.connect({ host: route.hostname, port: route.port, noDelay: true });
      service.write(first);
      client.pipe(service).pipe(client);
      service.on('error', () => client.destroy());
      client.on('error', () => service.destroy());
      service.on('close', () => client.destroy());
      client.on('close', () => service.destroy());
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => process.exit(0));
