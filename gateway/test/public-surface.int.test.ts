import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';

/**
 * What the public origin shows of itself: no OpenAPI unless in development (GATEWAY_DOCS=1), and links in
 * pages from the configured origin alone, never from the request's Host.
 */
const JOB = '3f1c2a9e-1111-4a2b-8c3d-000000000001';
let hire: FastifyInstance;
let dir: string;
const gateways: App[] = [];

async function gatewayWith(env: Record<string, string>): Promise<App> {
  const app = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      HIRE_URL: hire.listeningOrigin,
      SHELL_DIST: path.join(dir, 'shell', 'dist'),
      REMOTES_ROOT: dir,
      ...env,
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
  gateways.push(app);
  return app;
}

beforeAll(async () => {
  hire = Fastify();
  hire.get('/api/job/:id/preview', async () => ({
    success: true,
    data: { title: 'Nurse, Nakuru', description: 'Nights' },
  }));
  await hire.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-surface-'));
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><title>AfyaHR</title></head><body><div id="root"></div></body></html>',
  );
});

afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await hire?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI documents', () => {
  it('are 404 (JSON, not the shell page) unless GATEWAY_DOCS=1', async () => {
    for (const gateway of [await gatewayWith({}), await gatewayWith({ GATEWAY_DOCS: '0' })])
      for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
        const res = await gateway.inject(url);
        expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'request.not_found']);
      }
  });

  it('are served in development (GATEWAY_DOCS=1)', async () => {
    const gateway = await gatewayWith({ GATEWAY_DOCS: '1' });
    const json = await gateway.inject('/docs/json');
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    expect((await gateway.inject('/docs')).statusCode).toBeLessThan(400);
  });

  it('refuse any other value of GATEWAY_DOCS', () => {
    expect(() => readConfig({ JWT_PUBLIC_KEY: generateKeyPair().publicKey, GATEWAY_DOCS: 'yes' })).toThrow(
      /GATEWAY_DOCS/,
    );
  });
});

describe("a page's links", () => {
  const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

  it('name PUBLIC_URL whatever Host the request says', async () => {
    const gateway = await gatewayWith({ PUBLIC_URL: 'https://afyahr.example' });
    for (const host of ['evil.example', 'afyahr.example"><script>', 'localhost:8080']) {
      const res = await gateway.inject({ url: `/hire/${JOB}`, headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(ogUrl(res.body)).toBe(`https://afyahr.example/hire/${JOB}`);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('name the configured default origin when PUBLIC_URL is unset, never the Host', async () => {
    const gateway = await gatewayWith({});
    const res = await gateway.inject({ url: `/hire/${JOB}`, headers: { host: 'evil.example' } });
    expect(ogUrl(res.body)).toBe(`http://localhost:8080/hire/${JOB}`);
  });
});

describe('the metrics', () => {
  const TOKEN = 'metrics-token-for-this-test-0123456789abcdef';
  it("are served only to the metrics token's bearer, counting proxied requests by route pattern", async () => {
    const gateway = await gatewayWith({ METRICS_TOKEN: TOKEN });
    await gateway.inject(`/api/job/${JOB}/preview`);
    expect((await gateway.inject('/metrics')).statusCode).toBe(401);
    const wrong = await gateway.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const page = await gateway.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/^http_request_duration_seconds_count\{[^}]*service="gateway"/m);
    expect(page.body).not.toContain(JOB);
  });

  it('are no page of the public origin without a token configured', async () => {
    const res = await (await gatewayWith({})).inject('/metrics');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });
});
