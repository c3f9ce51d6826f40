/**
 * A reference column for `bench:gateway` (not a test, never deployed): what an HTTP hop costs in Node when
 * it parses what a gateway must parse but makes none of Node's HTTP objects. Over raw sockets it reads each
 * request's head, rebuilds it for the service (its own Host and X-Forwarded-For, the client's connection
 * and forwarding headers dropped), sends it on a kept-alive connection of that client's to the service,
 * finds the answer's end by its Content-Length, drops the service's connection headers and adds the
 * gateway's block of security headers. No checks (rate limit, token, path spelling): beside the bare Node
 * proxy (Node's http server and undici) and the gateway it shows what each layer costs.
 * Takes GET without a body only, and answers with a Content-Length (every route the bench asks); anything
 * else closes the connection. Env: PORT, and ROUTES as JSON `{ "/api/job": "http://127.0.0.1:4001", ... }`.
 */
import net from 'node:net';
import { routesFromEnv } from './proxy-routes';

const routes = routesFromEnv();

/** What the gateway adds to each answer (helmet's headers as it sets them), and the head's end. */
const GATEWAY_HEADERS = Buffer.from(
  'x-content-type-options: nosniff\r\nx-frame-options: SAMEORIGIN\r\n' +
    'strict-transport-security: max-age=15552000; includeSubDomains\r\n' +
    "content-security-policy: default-src 'self';base-uri 'self';font-src 'self' https: data:;" +
    "form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
    "script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests\r\n" +
    'cross-origin-opener-policy: same-origin\r\ncross-origin-resource-policy: same-origin\r\n' +
    'referrer-policy: no-referrer\r\n\r\n',
  'latin1',
);

const headEnd = (buf: Buffer) => buf.indexOf('\r\n\r\n', 0, 'latin1');

/** The number written after `name` (lower case, with its colon) in a head, or -1. */
function numberAfter(buf: Buffer, end: number, name: string): number {
  const at = buf.indexOf(name, 0, 'latin1');
  if (at < 0 || at > end) return -1;
  let i = at + name.length;
  while (buf[i] === 32) i++;
  let n = -1;
  for (; buf[i]! >= 48 && buf[i]! <= 57; i++) n = (n < 0 ? 0 : n * 10) + buf[i]! - 48;
  return n;
}

/** One client's kept-alive connection to one service, one request at a time. */
class ServiceConnection {
  private readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private onAnswer: ((head: Buffer, body: Buffer) => void) | null = null;

  constructor(route: { hostname: string; port: number }, onError: () => void) {
    this.socket = net.connect({ host: route.hostname, port: route.port, noDelay: true });
    this.socket.on('data', (data: Buffer) => {
      this.pending = this.pending ? Buffer.concat([this.pending, data]) : data;
      this.answerIfWhole();
    });
    this.socket.on('error', onError);
    this.socket.on('close', onError);
  }

  ask(head: string, onAnswer: (head: Buffer, body: Buffer) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(head, 'latin1');
  }

  close(): void {
    this.socket.destroy();
  }

  private answerIfWhole(): void {
    const buf = this.pending!;
    const end = headEnd(buf);
    if (end < 0 || !this.onAnswer) return;
    const length = numberAfter(buf, end, '\r\ncontent-length:');
    if (length < 0) {
      this.socket.destroy(); // no length: not a route this hop takes
      return;
    }
    const whole = end + 4 + length;
    if (buf.length < whole) return;
    // Node writes its connection headers (date, connection, keep-alive) last: the head is kept up to them.
    const hopByHop = buf.indexOf('\r\ndate:', 0, 'latin1');
    const head = buf.subarray(0, (hopByHop > 0 && hopByHop < end ? hopByHop : end) + 2);
    const body = buf.subarray(end + 4, whole);
    this.pending = buf.length === whole ? null : buf.subarray(whole);
    const onAnswer = this.onAnswer;
    this.onAnswer = null;
    onAnswer(head, body);
  }
}

net
  .createServer({ noDelay: true }, (client) => {
    let pending: Buffer | null = null;
    let waiting = false;
    const services = new Map<string, ServiceConnection>();
    const forwardedFor = `x-forwarded-for: ${client.remoteAddress}\r\n`;
    const close = () => client.destroy();

    const nextRequest = () => {
      if (waiting || !pending) return;
      const end = headEnd(pending);
      if (end < 0) return;
      const head = pending.toString('latin1', 0, end + 2);
      pending = pending.length === end + 4 ? null : pending.subarray(end + 4);
      const lineEnd = head.indexOf('\r\n');
      const [method, target, version] = head.slice(0, lineEnd).split(' ');
      if (method !== 'GET' || version !== 'HTTP/1.1' || !target) return close();
      const route = routes.find((r) => target.startsWith(r.prefix));
      if (!route) return close();
      let out = `GET ${target} HTTP/1.1\r\nhost: ${route.host}\r\n${forwardedFor}`;
      for (let at = lineEnd + 2; at < head.length;) {
        const eol = head.indexOf('\r\n', at);
        const colon = head.indexOf(':', at);
        if (colon <= at || colon > eol) return close();
        const name = head.slice(at, colon).toLowerCase();
        if (name === 'content-length' || name === 'transfer-encoding') return close();
        if (name !== 'host' && name !== 'connection' && !name.startsWith('x-forwarded'))
          out += head.slice(at, eol + 2);
        at = eol + 2;
      }
      let service = services.get(route.prefix);
      if (!service) services.set(route.prefix, (service = new ServiceConnection(route, close)));
      waiting = true;
      service.ask(out + '\r\n', (answerHead, body) => {
        client.cork();
        client.write(answerHead);
        client.write(GATEWAY_HEADERS);
        client.write(body);
        client.uncork();
        waiting = false;
        nextRequest();
      });
    };

    client.on('data', (data: Buffer) => {
      pending = pending ? Buffer.concat([pending, data]) : data;
      nextRequest();
    });
    client.on('error', close);
    client.on('close', () => services.forEach((s) => s.close()));
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => process.exit(0));
