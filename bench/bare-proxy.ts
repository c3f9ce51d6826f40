/**
 * The floor of a proxy built on Node's HTTP objects, for `bench:gateway`'s reference column (not a test,
 * never deployed): Node's HTTP server and an undici pool per service, as the gateway has, and nothing else:
 * no routing table, no checks, no headers of its own. What the gateway costs beyond this is its work; what
 * this costs beyond lean-hop.ts (the same hop over raw sockets) is Node's HTTP objects.
 * Env: PORT, and ROUTES as JSON `{ "/api/job": "http://127.0.0.1:4001", ... }` (longest prefix wins).
 */
import http from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { routesFromEnv } from './proxy-routes';

const routes = routesFromEnv().map((r) => ({ ...r, pool: new Pool(r.url, { connections: 64 }) }));

http
  .createServer((req, res) => {
    const route = routes.find((r) => req.url!.startsWith(r.prefix));
    if (!route) return res.writeHead(404).end();
    const headers = { ...req.headers, host: route.host };
    route.pool
      .request({ path: req.url!, method: req.method as Dispatcher.HttpMethod, headers })
      .then(async (answer) => {
        const body = Buffer.from(await answer.body.arrayBuffer());
        const out: http.OutgoingHttpHeaders = { ...answer.headers, 'content-length': String(body.length) };
        for (const hop of ['transfer-encoding', 'connection', 'keep-alive']) delete out[hop];
        res.writeHead(answer.statusCode, out).end(body);
      })
      .catch(() => res.writeHead(502).end());
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => process.exit(0));
