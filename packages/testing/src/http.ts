import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface RawRequest {
  method?: string;
  /** Sent exactly as written: no normalising, so `/%61pi/..`, `//x` or `http://host/x` reach the server as such. */
  path: string;
  headers?: OutgoingHttpHeaders;
  /** Sent with Content-Length unless `chunked`. */
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked and no Content-Length. */
  chunked?: boolean;
  /** Source address, e.g. '127.0.0.2': distinct loopback addresses stand for distinct clients. */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes as they arrived (still encoded when the answer has a Content-Encoding). */
  bytes: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

/**
 * One HTTP/1.1 request to a server listening at `baseUrl` (e.g. 'http://127.0.0.1:4100') on its own
 * connection, as a client on another machine would send it.
 */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: OutgoingHttpHeaders = { ...req.headers };
  if (req.body !== undefined && !req.chunked) headers['content-length'] = Buffer.byteLength(req.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: hostname,
        port: Number(port),
        method: req.method ?? 'GET',
        path: req.path,
        headers,
        localAddress: req.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            bytes,
            json: () => JSON.parse(body),
          });
        });
      },
    );
    outgoing.on('error', reject);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
