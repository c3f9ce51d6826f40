import net from 'node:net';
import { Readable } from 'node:stream';

/**
 * The gateway's HTTP/1.1 client to its own services, over raw sockets: what undici's Pool did for it, at
 * about half the CPU a request (bench/README.md, "The gateway's cost", 2026-11-27). It reads only answers
 * from the platform's services (the parser facing clients stays Node's), and takes of HTTP/1.1 what they
 * send: Content-Length or chunked bodies, none for HEAD, 1xx, 204 and 304, `connection: close`.
 */
export interface UpstreamClientOptions {
  /** At most this many connections at once; beyond that requests wait here, in order. */
  connections: number;
  connectTimeoutMs: number;
  /** Longest wait for the status line and headers, and between two chunks of the body. */
  timeoutMs: number;
  /** An idle kept-alive connection is closed after this long (before the service's own timeout). */
  keepAliveMs: number;
  /** Answers with a known length up to this size are read whole; others stream. */
  bufferedBodyBytes: number;
}

export interface UpstreamRequest {
  method: string;
  /** Already checked by the gateway to be plainly spelt. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Sent as it arrives; its length must be in `headers['content-length']`. */
  body?: Readable;
}

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  stream?: Readable;
}

const MAX_HEAD_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

export class UpstreamError extends Error {}

/** How the answer's body ends: after its length, after the zero-size chunk, or when the service closes. */
type Framing = { kind: 'length'; remaining: number } | { kind: 'chunked' } | { kind: 'until-close' };

/** One kept-alive connection to the service; one request at a time. */
class Connection {
  readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private exchange: Exchange | null = null;
  /**
   * Made once a connection and refreshed for each request (a timer made and cleared twice a request cost
   * Node's timer lists more than the rest of the exchange's bookkeeping): the idle one does nothing while
   * an exchange is out, the answer one unless armed.
   */
  private idleTimer: NodeJS.Timeout | null = null;
  private answerTimer: NodeJS.Timeout | null = null;
  private awaited: Exchange | null = null;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly client: UpstreamClient,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (data: Buffer) => {
      // Bytes while no request is out are no answer to anything: the connection cannot be trusted.
      if (!this.exchange) return this.destroy();
      this.pending = this.pending ? Buffer.concat([this.pending, data]) : data;
      this.exchange.read();
    });
    const end = (err?: Error) => {
      if (this.closed) return;
      this.closed = true;
      if (this.idleTimer) clearTimeout(this.idleTimer);
      if (this.answerTimer) clearTimeout(this.answerTimer);
      this.client.forget(this);
      // An answer read "until the service closes" ends here; any other is cut short.
      if (!err && this.exchange?.end()) return;
      this.exchange?.fail(err ?? new UpstreamError('the service closed the connection'));
    };
    this.socket.on('error', end);
    this.socket.on('close', () => end());
  }

  /** Takes what is buffered so far, for the exchange's parser. */
  take(): Buffer | null {
    const buf = this.pending;
    this.pending = null;
    return buf;
  }

  /** Gives back bytes the exchange did not use (never more than one answer's worth arrives). */
  giveBack(rest: Buffer): void {
    this.pending = rest.length ? rest : null;
  }

  start(exchange: Exchange): void {
    this.exchange = exchange;
  }

  /** The exchange fails unless the service sends something within the client's timeout; again from now. */
  armAnswerTimer(exchange: Exchange): void {
    this.awaited = exchange;
    if (this.answerTimer) this.answerTimer.refresh();
    else {
      this.answerTimer = setTimeout(() => {
        this.awaited?.fail(new UpstreamError('the service did not answer in time'));
      }, this.client.options.timeoutMs);
      // The socket holds the process while a request is out; this timer outlives the exchange.
      this.answerTimer.unref();
    }
  }

  disarmAnswerTimer(): void {
    this.awaited = null;
  }

  finish(reusable: boolean): void {
    this.exchange = null;
    this.awaited = null;
    if (!reusable || this.pending || this.closed) return this.destroy();
    // Paused for a slow reader of the last answer: the next answer on it must flow.
    this.socket.resume();
    if (this.idleTimer) this.idleTimer.refresh();
    else {
      this.idleTimer = setTimeout(() => {
        if (!this.exchange) this.destroy();
      }, this.client.options.keepAliveMs);
      this.idleTimer.unref();
    }
    this.client.release(this);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** One request and its answer on one connection. */
class Exchange {
  private head: Buffer | null = null;
  private statusCode = 0;
  private headers: Record<string, string | string[]> = {};
  private framing: Framing | null = null;
  private chunkState: 'size' | 'data' | 'data-end' | 'trailer' = 'size';
  private chunkLeft = 0;
  private parts: Buffer[] = [];
  private stream: Readable | null = null;
  private settled = false;
  private done = false;
  private requestSent = false;
  private keepAlive = true;

  constructor(
    private readonly connection: Connection,
    private readonly request: UpstreamRequest,
    private readonly options: UpstreamClientOptions,
    private readonly resolve: (res: UpstreamResponse) => void,
    private readonly reject: (err: Error) => void,
  ) {}

  send(head: string): void {
    this.connection.start(this);
    this.arm();
    const { socket } = this.connection;
    socket.write(head, 'latin1');
    const body = this.request.body;
    if (!body) {
      this.requestSent = true;
      this.read();
      return;
    }
    // Exactly the announced length goes up, never a byte more: bytes past it would reach the service as
    // the start of another request on this connection, one the gateway never checked (and its answer
    // would go to whoever asks next). A body of another length fails the request (503) and the connection.
    const declared = Number(this.request.headers['content-length']);
    if (!Number.isSafeInteger(declared) || declared < 0) {
      this.fail(new UpstreamError('a request body needs its Content-Length'));
      return;
    }
    let sent = 0;
    body.on('data', (chunk: Buffer) => {
      if (this.done) return;
      sent += chunk.length;
      if (sent > declared) return this.fail(new UpstreamError('the request body is longer than announced'));
      // While the body goes up (a CV on a slow phone link), the service cannot answer yet: the wait for
      // its answer starts again with each piece sent, and once all of it is.
      this.arm();
      if (!socket.write(chunk)) {
        body.pause();
        socket.once('drain', () => body.resume());
      }
    });
    body.on('error', (err) => this.fail(err));
    body.resume(); // a body handed over paused (the request decoder pauses its stream) flows now
    body.on('end', () => {
      if (this.done) return;
      if (sent !== declared)
        return this.fail(new UpstreamError('the request body is shorter than announced'));
      this.requestSent = true;
      this.arm();
    });
    this.read();
  }

  /**
   * A timer for the next thing awaited from the service: its head, or the body's next bytes. The
   * connection's one answer timer, restarted (this runs for every piece of an answer or an upload).
   */
  private arm(): void {
    this.connection.armAnswerTimer(this);
  }

  private disarm(): void {
    this.connection.disarmAnswerTimer();
  }

  fail(err: Error): void {
    if (this.done) return;
    this.done = true;
    this.disarm();
    this.request.body?.pause();
    this.connection.destroy();
    if (!this.settled) {
      this.settled = true;
      this.reject(err);
    } else this.stream?.destroy(err);
  }

  read(): void {
    if (this.done) return;
    let buf = this.connection.take();
    if (!buf) return;
    this.arm();
    if (!this.framing) {
      buf = this.head ? Buffer.concat([this.head, buf]) : buf;
      const end = buf.indexOf(HEAD_END);
      if (end < 0) {
        if (buf.length > MAX_HEAD_BYTES) return this.fail(new UpstreamError('the answer head is too large'));
        this.head = buf;
        return;
      }
      this.head = null;
      const rest = buf.subarray(end + 4);
      const parsed = this.parseHead(buf.toString('latin1', 0, end));
      if (this.done) return; // an answer this client does not read: failed, connection closed
      if (!parsed) {
        // An informational answer (100 Continue): the real one follows.
        this.connection.giveBack(rest);
        return this.read();
      }
      buf = rest;
    }
    this.body(buf);
  }

  /** Reads the status line and headers; false for a 1xx answer, which is skipped. */
  private parseHead(text: string): boolean {
    // Line by line with indexOf, not split and a regular expression: this runs for every answer.
    const statusEnd = lineEnd(text, 0);
    const statusCode = statusOf(text, statusEnd);
    if (statusCode < 0) {
      this.fail(new UpstreamError('the service answered something other than HTTP/1.1'));
      return true;
    }
    this.statusCode = statusCode;
    if (statusCode < 200) return false;
    const headers: Record<string, string | string[]> = {};
    for (let at = statusEnd + 2; at < text.length;) {
      const end = lineEnd(text, at);
      const colon = text.indexOf(':', at);
      if (colon > at && colon < end) {
        const name = text.slice(at, colon).trim().toLowerCase();
        const value = text.slice(colon + 1, end).trim();
        const had = headers[name];
        headers[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
      }
      at = end + 2;
    }
    this.headers = headers;
    const connection = String(headers['connection'] ?? '').toLowerCase();
    if (connection.includes('close') || text.startsWith('HTTP/1.0')) this.keepAlive = false;
    const noBody = this.request.method === 'HEAD' || this.statusCode === 204 || this.statusCode === 304;
    const te = String(headers['transfer-encoding'] ?? '').toLowerCase();
    const length = headers['content-length'];
    if (noBody) this.framing = { kind: 'length', remaining: 0 };
    else if (te) {
      if (te !== 'chunked') {
        this.fail(new UpstreamError('unknown transfer-encoding'));
        return true;
      }
      this.framing = { kind: 'chunked' };
    } else if (length !== undefined) {
      if (Array.isArray(length) || !/^\d+$/.test(length)) {
        this.fail(new UpstreamError('a bad content-length'));
        return true;
      }
      this.framing = { kind: 'length', remaining: Number(length) };
    } else {
      this.framing = { kind: 'until-close' };
      this.keepAlive = false;
    }
    const buffered =
      this.framing.kind === 'length' && this.framing.remaining <= this.options.bufferedBodyBytes;
    if (!buffered) this.openStream();
    return true;
  }

  private openStream(): void {
    const socket = this.connection.socket;
    this.stream = new Readable({
      read: () => {
        if (this.done || !socket.isPaused()) return;
        socket.resume();
        this.arm();
      },
      destroy: (err, callback) => {
        // The gateway's client left (or the stream failed): the service's answer stops here too.
        if (!this.done) {
          this.done = true;
          this.disarm();
          this.connection.destroy();
        }
        callback(err);
      },
    });
    this.settle({ statusCode: this.statusCode, headers: this.headers, stream: this.stream });
  }

  private settle(res: UpstreamResponse): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(res);
  }

  private emit(data: Buffer): void {
    if (!data.length) return;
    if (this.stream) {
      // The client reads slower than the service sends: wait for it, and the time it takes is not the
      // service's (no timeout until it asks for more).
      if (!this.stream.push(data)) {
        this.connection.socket.pause();
        this.disarm();
      }
    } else this.parts.push(data);
  }

  private body(buf: Buffer): void {
    const framing = this.framing!;
    if (framing.kind === 'until-close') {
      this.emit(buf);
      return; // see end()
    }
    if (framing.kind === 'length') {
      const take = Math.min(buf.length, framing.remaining);
      this.emit(buf.subarray(0, take));
      framing.remaining -= take;
      if (take < buf.length) this.keepAlive = false; // more than the answer: never reuse
      if (framing.remaining === 0) this.complete();
      return;
    }
    this.chunked(buf);
  }

  private chunked(buf: Buffer): void {
    let at = 0;
    while (at < buf.length && !this.done) {
      if (this.chunkState === 'data') {
        const take = Math.min(buf.length - at, this.chunkLeft);
        this.emit(buf.subarray(at, at + take));
        this.chunkLeft -= take;
        at += take;
        if (this.chunkLeft === 0) this.chunkState = 'data-end';
        continue;
      }
      const eol = buf.indexOf(CRLF, at);
      if (eol < 0) {
        if (buf.length - at > 1024) return this.fail(new UpstreamError('a bad chunk'));
        this.connection.giveBack(buf.subarray(at)); // a line cut in two: wait for the rest
        return;
      }
      const line = buf.toString('latin1', at, eol);
      at = eol + 2;
      if (this.chunkState === 'data-end') {
        if (line !== '') return this.fail(new UpstreamError('a bad chunk'));
        this.chunkState = 'size';
      } else if (this.chunkState === 'size') {
        const size = /^([0-9a-fA-F]{1,8})(?:;.*)?$/.exec(line);
        if (!size) return this.fail(new UpstreamError('a bad chunk size'));
        this.chunkLeft = parseInt(size[1]!, 16);
        this.chunkState = this.chunkLeft === 0 ? 'trailer' : 'data';
      } else if (line === '') {
        // The empty line after the trailers: the answer is whole.
        if (at < buf.length) this.keepAlive = false;
        this.complete();
        return;
      }
    }
  }

  /** The service closed the connection: for an answer read until then, that is its end. */
  end(): boolean {
    if (this.framing?.kind !== 'until-close' || this.done) return false;
    this.complete();
    return true;
  }

  private complete(): void {
    this.done = true;
    this.disarm();
    // Answered before the whole body went up (a service's own 429 before reading it): the rest of the
    // client's body is read and dropped, so neither waits on a connection that is about to close.
    if (!this.requestSent) this.request.body?.resume();
    if (this.stream) this.stream.push(null);
    else
      this.settle({
        statusCode: this.statusCode,
        headers: this.headers,
        body: this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts),
      });
    this.connection.finish(this.keepAlive && this.requestSent);
  }
}

/** Where the line starting at `at` ends (its CR), or the text's end. */
function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\r\n', at);
  return end < 0 ? text.length : end;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The status of a status line `HTTP/1.0 200` or `HTTP/1.1 200 OK` ending at `end`, or -1 for anything
 * else: `/^HTTP\/1\.[01] (\d{3})(?: |$)/` without a regular expression.
 */
function statusOf(text: string, end: number): number {
  const minor = text.charCodeAt(7);
  if (
    !text.startsWith('HTTP/1.') ||
    (minor !== 48 && minor !== 49) ||
    text.charCodeAt(8) !== 32 ||
    end < 12 ||
    !isDigit(text.charCodeAt(9)) ||
    !isDigit(text.charCodeAt(10)) ||
    !isDigit(text.charCodeAt(11)) ||
    (end > 12 && text.charCodeAt(12) !== 32)
  )
    return -1;
  return (text.charCodeAt(9) - 48) * 100 + (text.charCodeAt(10) - 48) * 10 + text.charCodeAt(11) - 48;
}

/**
 * Headers this client writes itself or does not honour: its own Host, its own kept-alive connection, a
 * body sent by its length only. (The gateway drops every hop-by-hop header before: forwarded-headers.ts.)
 */
const OWN_HEADERS = new Set(['host', 'connection', 'transfer-encoding']);

/** A request waiting for a connection, and how to settle it. */
interface Ask {
  req: UpstreamRequest;
  resolve: (res: UpstreamResponse) => void;
  reject: (err: Error) => void;
}

export class UpstreamClient {
  private readonly idle: Connection[] = [];
  private readonly waiting: Ask[] = [];
  private open = 0;
  private readonly hostname: string;
  private readonly port: number;
  private readonly host: string;

  constructor(
    url: string,
    readonly options: UpstreamClientOptions,
  ) {
    const { hostname, port, host } = new URL(url);
    this.hostname = hostname;
    this.port = Number(port || 80);
    this.host = host;
  }

  request(req: UpstreamRequest): Promise<UpstreamResponse> {
    return new Promise((resolve, reject) => {
      const ask: Ask = { req, resolve, reject };
      if (this.idle.length || this.open < this.options.connections) this.begin(ask);
      else this.waiting.push(ask);
    });
  }

  /** A kept-alive connection at hand starts at once; only a new one waits for its connect. */
  private begin(ask: Ask): void {
    const idle = this.idle.pop();
    if (idle) this.exchange(idle, ask);
    else this.connect().then((connection) => this.exchange(connection, ask), ask.reject);
  }

  private exchange(connection: Connection, { req, resolve, reject }: Ask): void {
    new Exchange(connection, req, this.options, resolve, reject).send(this.headOf(req));
  }

  private headOf(req: UpstreamRequest): string {
    let head = `${req.method} ${req.path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value === undefined || OWN_HEADERS.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) head += `${name}: ${v}\r\n`;
    }
    return head + '\r\n';
  }

  private connect(): Promise<Connection> {
    this.open++;
    const connection = new Connection(this.hostname, this.port, this);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.destroy();
        reject(new UpstreamError('the service did not accept the connection in time'));
      }, this.options.connectTimeoutMs);
      connection.socket.once('connect', () => {
        clearTimeout(timer);
        resolve(connection);
      });
      connection.socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  /** A connection that finished its answer: the next waiting request takes it, or it waits idle. */
  release(connection: Connection): void {
    this.idle.push(connection);
    const next = this.waiting.shift();
    if (next) this.begin(next);
  }

  /** A connection that closed: out of the pool, and its place goes to a waiting request. */
  forget(connection: Connection): void {
    const i = this.idle.indexOf(connection);
    if (i >= 0) this.idle.splice(i, 1);
    this.open--;
    const next = this.waiting.shift();
    if (next) this.begin(next);
  }

  async close(): Promise<void> {
    for (const c of [...this.idle]) c.destroy();
  }
}
