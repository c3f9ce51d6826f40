import { STATUS_CODES, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastLane, LaneRequest } from './fast-lane';

/**
 * The fast lane's front door without Node's http server: a connection's requests are read off the socket
 * here while each is a plain read the lane takes (fast-lane.ts); at the first that is not, the connection
 * and every byte not yet answered go to Node's http server (and Fastify), which keeps it from then on.
 * Node's http server cost a proxied request about 0.04 ms of CPU, measured apart; in the gateway this
 * door saved a tenth of its CPU on the lane's routes (bench/README.md, "The gateway's cost", evening).
 *
 * Strict by design, never a second opinion on what HTTP means: the lane only takes a request whose whole
 * head is in what has been read, spelt exactly as RFC 9112 allows and as the lane expects (GET, HTTP/1.1,
 * token names, visible ASCII values, CRLF only, one Host, no header twice, no body, Upgrade or Expect);
 * anything else is Node's parser's, which answers it as before (400, 431, 408 for a slow head). The
 * service is sent a request rebuilt from what was parsed (proxy.ts), never the bytes as read.
 * `gateway/test/fast-lane.int.test.ts` sends the same requests to a gateway with the lane and one without;
 * `gateway/test/raw-lane.int.test.ts` tests the connection: requests sent ahead, hand-over, refusals, and
 * heads the parser must read as Node does.
 */

/** Node's default largest head (`--max-http-header-size`): a longer one is Node's to refuse. */
const LONGEST_HEAD = 16 * 1024;
/** Bytes a client may send ahead while its answer is on its way, before the socket stops reading. */
const MOST_READ_AHEAD = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
const REQUEST_START = Buffer.from('GET /', 'latin1');
const REQUEST_LINE_END = Buffer.from(' HTTP/1.1\r\n', 'latin1');
/** Requests that ask for more than a read, Node's (Content-Length and Transfer-Encoding: fast-lane.ts). */
const NOT_A_PLAIN_READ = new Set(['upgrade', 'expect']);

/** Bytes of a header name (RFC 9110 tchar). */
const TCHAR = new Uint8Array(256);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  TCHAR[c.charCodeAt(0)] = 1;
/** Bytes of a header value the lane takes: visible ASCII (1), and space or tab (2). Anything else: Node's. */
const VALUE_BYTE = new Uint8Array(256);
for (let c = 0x21; c <= 0x7e; c++) VALUE_BYTE[c] = 1;
VALUE_BYTE[0x20] = VALUE_BYTE[0x09] = 2;
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

interface ParsedHead {
  url: string;
  headers: IncomingHttpHeaders;
  keepAlive: boolean;
}

/**
 * A request head (`end`: where its blank line's CRLF CRLF starts) as the lane may take it, or undefined for
 * Node's. Read byte by byte over tables: a quarter of the lane's own work was a regular expression a line.
 */
export function parseRequestHead(buf: Buffer, end: number): ParsedHead | undefined {
  if (buf.compare(REQUEST_START, 0, REQUEST_START.length, 0, REQUEST_START.length) !== 0) return undefined;
  let i = REQUEST_START.length - 1;
  while (buf[i]! >= 0x21 && buf[i]! <= 0x7e) i++;
  const url = buf.toString('latin1', REQUEST_START.length - 1, i);
  if (buf.compare(REQUEST_LINE_END, 0, REQUEST_LINE_END.length, i, i + REQUEST_LINE_END.length) !== 0)
    return undefined;
  i += REQUEST_LINE_END.length;
  const headers: Record<string, string> = {};
  // Each field line ends with CRLF; the last one's is the first half of the head's end.
  while (i < end + 2) {
    const nameStart = i;
    while (TCHAR[buf[i]!]) i++;
    if (i === nameStart || buf[i] !== 0x3a) return undefined;
    const name = buf.toString('latin1', nameStart, i).toLowerCase();
    i++;
    while (buf[i] === 0x20 || buf[i] === 0x09) i++;
    const valueStart = i;
    let valueEnd = i;
    for (let kind = VALUE_BYTE[buf[i]!]; kind; kind = VALUE_BYTE[buf[++i]!]) if (kind === 1) valueEnd = i + 1;
    if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) return undefined;
    i += 2;
    if (hasOwn(headers, name) || NOT_A_PLAIN_READ.has(name) || name === '__proto__') return undefined;
    headers[name] = buf.toString('latin1', valueStart, valueEnd);
  }
  if (i !== end + 2 || headers.host === undefined) return undefined;
  const connection = headers.connection;
  const keepAlive = connection === undefined || !/(?:^|,)[ \t]*close[ \t]*(?:,|$)/i.test(connection);
  return { url, headers, keepAlive };
}

/** A header name is a token (the parser's table): what Node's writeHead checks too. */
function isToken(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) if (!TCHAR[name.charCodeAt(i)]) return false;
  return true;
}
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** The Date header's value, made once a second as Node's server does. */
let dateSecond = -1;
let dateText = '';
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * One answer written onto the client's socket, as Node's ServerResponse would frame it: the headers given,
 * then Date and Connection (with Keep-Alive), then Content-Length as given, `0` for an answer ended without
 * a body, or chunked for one streamed without a length; none for 204 and 304.
 */
export class RawAnswer extends Writable {
  private head: string | undefined;
  private headSent = false;
  private chunked = false;
  private bodyless = false;

  constructor(
    private readonly socket: Socket,
    private readonly connectionHeaders: string,
  ) {
    super({ decodeStrings: true });
  }

  get headersSent(): boolean {
    return this.head !== undefined;
  }

  writeHead(statusCode: number, headers: string[]): this {
    let head = `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? 'unknown'}\r\n`;
    let length = false;
    let date = false;
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i]!;
      const value = headers[i + 1]!;
      // What Node's writeHead refuses, refused the same way (the lane answers such an answer 500).
      if (!isToken(name)) throw new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
      if (INVALID_VALUE.test(value)) throw new TypeError(`Invalid character in header content ["${name}"]`);
      if (name.length === 14 && name.toLowerCase() === 'content-length') length = true;
      else if (name.length === 4 && name.toLowerCase() === 'date') date = true;
      head += `${name}: ${value}\r\n`;
    }
    // The service's own Date stands, as Node's server leaves it (connection headers never come: proxy.ts).
    head += date ? this.connectionHeaders : `Date: ${httpDate()}\r\n${this.connectionHeaders}`;
    this.bodyless = statusCode === 204 || statusCode === 304;
    this.chunked = !length && !this.bodyless;
    this.head = head;
    return this;
  }

  /**
   * A whole answer of a known length, as the lane sends every buffered one (`writeHead`, then `end(body)`):
   * head and body in one write straight onto the socket, without the way through this stream's `_write` and
   * the socket's cork and `writev` (bench/README.md, "The gateway's cost"). Anything else is the stream's.
   */
  override end(...args: unknown[]): this {
    const body = args[0];
    if (
      args.length !== 1 ||
      !(body instanceof Uint8Array) ||
      this.head === undefined ||
      this.headSent ||
      this.chunked ||
      this.bodyless ||
      this.writableEnded ||
      this.destroyed
    )
      return super.end(...(args as Parameters<Writable['end']>));
    this.headSent = true;
    const whole = Buffer.allocUnsafe(this.head.length + 2 + body.length);
    // The head is latin1 only: writeHead refuses any other character, as Node's does.
    const at = whole.write(`${this.head}\r\n`, 0, 'latin1');
    whole.set(body, at);
    // Finished once the socket takes more, as `_write` is: a client that does not read holds its next answer.
    if (this.socket.write(whole)) super.end();
    else
      this.socket.once('drain', () => {
        if (!this.destroyed) super.end();
      });
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.bodyless || chunk.length === 0) return done();
    const socket = this.socket;
    socket.cork();
    if (!this.headSent) {
      this.headSent = true;
      socket.write(`${this.head}${this.chunked ? 'Transfer-Encoding: chunked\r\n' : ''}\r\n`, 'latin1');
    }
    if (this.chunked) socket.write(`${chunk.length.toString(16)}\r\n`, 'latin1');
    const flushed = socket.write(chunk);
    if (this.chunked) socket.write('\r\n', 'latin1');
    socket.uncork();
    if (flushed) done();
    else socket.once('drain', () => done());
  }

  override _final(done: (error?: Error | null) => void): void {
    if (this.head === undefined) return done(new Error('an answer ended before its head'));
    if (!this.headSent) {
      this.headSent = true;
      // Ended with no body at all: what Node sends for `res.end()` (chunked is never set for 204 or 304).
      const framing = this.chunked ? 'Content-Length: 0\r\n' : '';
      this.socket.write(`${this.head}${framing}\r\n`, 'latin1');
    } else if (this.chunked) this.socket.write('0\r\n\r\n', 'latin1');
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    // An answer that cannot be finished: the client must not take what was sent for all of it.
    if (!this.writableFinished) this.socket.destroy();
    done(error);
  }
}

/**
 * One client's connection while its requests are the lane's. Requests are answered one at a time, in
 * order; bytes read meanwhile (a client sending ahead) wait, and the socket stops reading beyond
 * MOST_READ_AHEAD.
 */
class LaneConnection {
  /** Bytes read and not yet answered (the start of the next request, or of several). */
  private pending: Buffer | undefined;
  private answer: RawAnswer | undefined;
  /** After the answer on its way: the client asked `Connection: close`, or the gateway is closing. */
  private closeAfter = false;
  /** The client has sent all it will (half-closed): what was read is answered, then the connection ends. */
  private clientEnded = false;

  constructor(
    private readonly socket: Socket,
    private readonly front: RawFront,
  ) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
    // A listener of its own: the one `setTimeout` takes is called once only, and a timeout while an
    // answer is on its way is not the last.
    socket.on('timeout', this.onTimeout);
    socket.setTimeout(front.keepAliveMs);
  }

  /** The gateway is closing: an idle connection ends now, a busy one after its answer. */
  close(): void {
    this.closeAfter = true;
    if (!this.answer) this.socket.end();
  }

  private readonly onData = (chunk: Buffer): void => {
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    if (!this.answer) this.next();
    else if (this.pending.length > MOST_READ_AHEAD) this.socket.pause();
  };

  private readonly onEnd = (): void => {
    this.clientEnded = true;
    if (!this.answer) this.next();
  };

  private readonly onError = (): void => {
    this.socket.destroy();
  };

  private readonly onClose = (): void => {
    this.front.connections.delete(this);
    this.answer?.destroy();
  };

  private readonly onTimeout = (): void => {
    // Idle for the server's keep-alive timeout: what Node's server does with such a connection.
    if (!this.answer) this.socket.destroy();
  };

  /** Takes the next request read, or hands the connection to Node when it is not the lane's. */
  private next(): void {
    const read = this.pending;
    // Nothing more to answer: a client that half-closed gets its end (Node's server does the same).
    if (!read) return void (this.clientEnded && this.socket.end());
    const end = read.indexOf(HEAD_END);
    if (end < 0 || end > LONGEST_HEAD) return this.toNode(read);
    const head = parseRequestHead(read, end);
    const request: LaneRequest | undefined = head && {
      method: 'GET',
      url: head.url,
      headers: head.headers,
      socket: this.socket,
    };
    const route = request && this.front.lane.routeFor(request);
    if (!route) return this.toNode(read);
    const requestBytes = read.subarray(0, end + HEAD_END.length);
    this.pending = read.length > requestBytes.length ? read.subarray(requestBytes.length) : undefined;
    const keepAlive = head!.keepAlive && !this.closeAfter;
    if (!keepAlive) this.closeAfter = true;
    const answer = (this.answer = new RawAnswer(
      this.socket,
      keepAlive ? this.front.keepAliveHeaders : 'Connection: close\r\n',
    ));
    answer.on('finish', this.answered);
    answer.on('error', () => this.socket.destroy());
    this.front.lane.serve(request, answer, route, () => {
      // Over its rate limit: Fastify refuses it, from this request on.
      this.answer = undefined;
      this.toNode(this.pending ? Buffer.concat([requestBytes, this.pending]) : requestBytes);
    });
  }

  private readonly answered = (): void => {
    this.answer = undefined;
    if (this.closeAfter) return void this.socket.end();
    if (this.socket.isPaused()) this.socket.resume();
    this.next();
  };

  /** From now on the connection is Node's http server's, starting with `unread`. */
  private toNode(unread: Buffer): void {
    const socket = this.socket;
    // A client that half-closed after sending requests ahead: Node's server cannot be given a stream that
    // has ended, so the rest goes unanswered (HTTP lets a server close with requests sent ahead unanswered).
    if (this.clientEnded) return void socket.end();
    this.front.connections.delete(this);
    socket.removeListener('data', this.onData);
    socket.removeListener('end', this.onEnd);
    socket.removeListener('error', this.onError);
    socket.removeListener('close', this.onClose);
    socket.removeListener('timeout', this.onTimeout);
    socket.setTimeout(0);
    this.pending = undefined;
    socket.unshift(unread);
    this.front.nodeListener(socket);
    // Node's parser now reads new bytes straight from the socket's handle; what was put back is emitted by
    // the stream, which a socket already flowing does only at its next read: so a pause and a resume, which
    // emit it on the next tick, before any new bytes are read.
    socket.pause();
    socket.resume();
  }
}

interface RawFront {
  lane: FastLane;
  nodeListener: (socket: Socket) => void;
  connections: Set<LaneConnection>;
  keepAliveMs: number;
  keepAliveHeaders: string;
}

/**
 * Puts the lane in front of Node's http server: every new connection is read here first (see the top of
 * this file). Returns what the gateway calls as it closes: idle connections end, busy ones after their
 * answer, and a request read from then on is Node's.
 */
export function putLaneInFront(server: Server, lane: FastLane): () => void {
  const [listener, ...others] = server.listeners('connection') as ((socket: Socket) => void)[];
  // Node's http server has one 'connection' listener of its own; anything else, and the lane stays out.
  if (!listener || others.length > 0) return () => {};
  server.removeListener('connection', listener);
  const keepAliveMs = server.keepAliveTimeout;
  const front: RawFront = {
    lane,
    nodeListener: (socket) => listener.call(server, socket),
    connections: new Set(),
    keepAliveMs,
    keepAliveHeaders: `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n`,
  };
  server.on('connection', (socket: Socket) => {
    front.connections.add(new LaneConnection(socket, front));
  });
  return () => {
    for (const connection of front.connections) connection.close();
  };
}
