import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPair } from '@platform/testing';
import type { App } from '@platform/service-kit';
import { readConfig } from '../src/config';
import { buildApp } from '../src/app';
import { startContent, type ContentContext, type Persona } from '@platform/svc-content/testing';

/**
 * A blog post's page gets its title and description from svc-content (its `remote.previews`), the real
 * service behind the gateway: a published post's, escaped; a draft's never.
 */
const keys = generateKeyPair();
const INDEX =
  '<!doctype html><html><head><meta name="description" content="AfyaHR default" /><title>AfyaHR</title></head><body><div id="root"></div></body></html>';

let content: ContentContext;
let admin: Persona;
let gateway: App;
let dir: string;

async function add(name: string, data: string, status: 'published' | 'draft') {
  const res = await content.call('POST', '/api/blog/add', admin, { name, data, status });
  expect(res.statusCode).toBe(201);
  return res.json().blog as { id: string; slug: string };
}

beforeAll(async () => {
  content = await startContent();
  admin = content.persona('admin');
  const contentUrl = await content.app.listen({ port: 0, host: '127.0.0.1' });
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-blog-preview-'));
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'dist', 'index.html'), INDEX);
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'silent',
      CONTENT_URL: contentUrl,
      IDENTITY_URL: contentUrl,
      SHELL_DIST: path.join(dir, 'shell', 'dist'),
      REMOTES_ROOT: dir,
      PUBLIC_URL: 'https://afyahr.example',
    }),
    { revocations: { isRevoked: () => false, isCurrent: () => true } },
  );
});

afterAll(async () => {
  await gateway?.close();
  await content?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('/blog/:slug link previews', () => {
  it('puts a published post’s title, escaped, and its text into the page', async () => {
    const post = await add(
      'Malaria <script>alert(1)</script> & "rains" in Kisumu',
      '<p>Cases rise <strong>after</strong> the long rains &amp; clinics prepare.</p>',
      'published',
    );
    const res = await gateway.inject(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(200);
    const title = 'Malaria &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;rains&quot; in Kisumu';
    expect(res.body).toContain(`<title>${title} | AfyaHR</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${title}" />`);
    expect(res.body).toContain(
      '<meta property="og:description" content="Cases rise after the long rains &amp; clinics prepare." />',
    );
    expect(res.body).toContain(
      `<meta property="og:url" content="https://afyahr.example/blog/${post.slug}" />`,
    );
    expect(res.body).not.toContain('<script>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('gives a draft’s page nothing of it, and its preview answers 404', async () => {
    const draft = await add('Unannounced merger of two clinics', '<p>Secret plans.</p>', 'draft');
    const res = await gateway.inject(`/blog/${draft.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>AfyaHR</title>');
    expect(res.body).not.toContain('og:');
    expect(res.body).not.toContain('merger');
    const api = await gateway.inject(`/api/blog/posts/${draft.slug}/preview`);
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('merger');
  });
});
