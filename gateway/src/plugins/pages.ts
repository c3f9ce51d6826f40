import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemotesManifest } from '@platform/contracts';
import { HASHED_ASSET_PATTERN } from '@platform/contracts/values';
import { GENERIC_CODES, refusal, type App } from '@platform/service-kit';
import { upstreamOptions, type GatewayConfig } from '../config';
import { remotesServed } from '../modules';
import { withPreview } from '../previews';
import { decoratePage } from '../page-decoration';
import { StartAssets } from '../start-assets';
import { FirstData } from '../first-data';
import { pageLanguage, PrerenderedPages } from '../prerendered';
import { withFirstScreen } from '../first-screens';
import { RemoteOrigins } from '../remote-origins';
import { sendAnswer, UpstreamFailure } from '../proxy';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shell page for a page route (the not-found handler's answer to a GET of one). */
    sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

export interface PagesOptions {
  config: GatewayConfig;
  /** The remotes manifest as served now (remotes.ts). */
  manifest: () => RemotesManifest;
}

const HASHED_ASSET = new RegExp(HASHED_ASSET_PATTERN);

/**
 * The site itself: the remotes manifest, each built remote at /mf/<folder>/, the shell at /, and for every
 * page route index.html (or the page prerendered at build) decorated with the manifest, its preload hints,
 * its first screen and its link preview.
 */
export const pagesPlugin = fp(
  async (app: App, { config, manifest }: PagesOptions) => {
    const shellIndex = path.join(config.SHELL_DIST, 'index.html');
    const firstData = new FirstData(config.modules, config.upstreams);
    // Remotes served by an origin of their own (MF_<NAME>_URL): proxied, never read from this disk.
    const origins = new RemoteOrigins(config.modules, config.remoteInstances, upstreamOptions(config));
    app.addHook('onClose', () => origins.close());
    const startAssets = new StartAssets(config.modules, config.REMOTES_ROOT, config.SHELL_DIST, origins);
    const prerendered = new PrerenderedPages(config.SHELL_DIST, config.REMOTES_ROOT, manifest, origins);
    // Links in a page name the configured origin, never the request's Host, which anyone may set.
    const origin = config.PUBLIC_URL.replace(/\/$/, '');

    /**
     * index.html (or the page prerendered at build, prerendered.ts) for every page route, re-checked on
     * each load; a clear 503 before the first build. A page with a preview (a module's `remote.previews`)
     * gets its Open Graph tags in the HTML itself, since link-preview crawlers run no script; on a preview
     * failure, the page without them.
     */
    async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
      if (!existsSync(shellIndex)) {
        return reply
          .status(503)
          .send(refusal('The site is not built yet: run npm run build.', GENERIC_CODES[503]));
      }
      reply.header('cache-control', 'no-cache');
      const pathname = request.url.split('?')[0]!;
      // A page that loads data was prerendered as it stands while loading: a query (`/hire?title=nurse`,
      // the board's filters) asks for another first screen, so that URL gets the shell.
      const otherFirstScreen = request.url.includes('?') && firstData.declares(pathname);
      const file =
        (otherFirstScreen ? undefined : prerendered.fileFor(pathname, request.headers)) ?? 'index.html';
      reply.header('vary', 'cookie, accept-language');
      let html = decoratePage(await readFile(path.join(config.SHELL_DIST, file), 'utf8'), {
        manifest: manifest(),
        pathname,
        shellAssets: startAssets.shell(),
        startAssets: startAssets.all(),
        dataPreloads: firstData.of(request.url),
        scriptsAfterPaint: file !== 'index.html',
      });
      // A prerendered page whose remote draws its first screen on the server gets it (first-screens.ts).
      if (file !== 'index.html') {
        const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
        const markup = await app.firstScreens.markupFor(pathname, { language, origin });
        if (markup) html = withFirstScreen(html, markup);
      }
      try {
        const preview = await app.previews.previewOf(pathname);
        if (preview) html = withPreview(html, preview, `${origin}${pathname}`);
      } catch (err) {
        request.log.warn({ err }, 'page preview failed; page sent without it');
      }
      return reply.type('text/html; charset=utf-8').send(html);
    }
    app.decorate('sendPage', sendPage);

    app.get('/mf/remotes.json', async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return manifest();
    });

    // Hashed files never change; remoteEntry.js and index.html must be re-checked on every load. `file` is
    // the one sent: `main.0123abcd.js.br` for a precompressed file.
    const cacheHeaders = (reply: FastifyReply, file: string) => {
      reply.header(
        'cache-control',
        HASHED_ASSET.test(path.basename(file).replace(/\.(br|gz)$/, ''))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    };
    // Each built remote at /mf/<folder>/, the shell at /. Files are looked up per request, so a rebuild
    // is served without restarting; misses fall through to the not-found handler.
    const roots = [
      ...remotesServed(config.modules)
        .filter((r) => !origins.has(r.folder))
        .map((r) => ({
          root: path.join(config.REMOTES_ROOT, r.folder, 'dist'),
          prefix: `/mf/${r.folder}/`,
        })),
      { root: config.SHELL_DIST, prefix: '/' },
    ].filter((r) => existsSync(r.root));
    for (const [i, { root, prefix }] of roots.entries()) {
      await app.register(fastifyStatic, {
        root,
        prefix,
        decorateReply: i === 0,
        wildcard: true,
        index: false,
        cacheControl: false,
        setHeaders: cacheHeaders,
        // The build writes file.br and file.gz beside each text file: served as the browser accepts them,
        // with no compression work per request (@fastify/compress leaves an encoded reply alone).
        preCompressed: true,
      });
    }
    // A remote served by its own origin: the same address, caching and security headers as from the disk;
    // its origin down, a 503 for its files alone.
    for (const r of remotesServed(config.modules).filter((x) => origins.has(x.folder))) {
      const prefix = `/mf/${r.folder}`;
      app.get(`${prefix}/*`, async (request, reply) => {
        const file = request.url.slice(prefix.length).split('?')[0]!;
        try {
          const answer = await origins.ask(r.folder, file, request);
          if (answer.statusCode === 404) {
            answer.stream?.destroy();
            return reply.callNotFound();
          }
          if (answer.statusCode >= 500) {
            answer.stream?.destroy();
            throw new UpstreamFailure(503, 'unreachable');
          }
          cacheHeaders(reply, file);
          return sendAnswer(reply, answer);
        } catch (err) {
          if (!(err instanceof UpstreamFailure)) throw err;
          request.log.warn({ err, remote: r.folder }, `remote origin ${err.reason}`);
          return reply
            .status(err.statusCode)
            .header('cache-control', 'no-store')
            .send(
              refusal(
                `The ${origins.labelOf(r.folder)} pages are temporarily unavailable. Please try again shortly.`,
                'server.unavailable',
              ),
            );
        }
      });
    }
    app.get('/', async (request, reply) => sendPage(request, reply));
  },
  { name: 'gateway-pages', dependencies: ['gateway-first-screens', 'gateway-previews'] },
);
