import { HASHED_ASSET_PATTERN } from '@platform/contracts/values';

/** The port a remote's image listens on (nginx-unprivileged's, as a non-root user). */
export const REMOTE_PORT = 8080;

/** The files the build writes `.br` and `.gz` beside (packages/mf-config's COMPRESSIBLE), by their type. */
const COMPRESSED_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
};

/**
 * The nginx configuration of a remote's image (docker/remote.Dockerfile; written into its build context by
 * `npm run image-context -- mf-<name> <dir>`): its build at the origin's root, cached as the gateway caches a
 * build from its disk (a hashed file for good, every other file re-checked: HASHED_ASSET_PATTERN), the
 * build's `.br` or `.gz` file sent to a client that accepts it, and the probes' `/health/live` and
 * `/health/ready` (ready once the build's remoteEntry.js is there). Nothing is written but under /tmp
 * (nginx-unprivileged's pid and temporary files), so the root file system may be read-only.
 */
export function remoteNginxConf(target: string): string {
  const hashed = HASHED_ASSET_PATTERN.replace(/\$$/, '');
  const compressed = Object.entries(COMPRESSED_TYPES)
    .map(
      ([ext, type]) => `
  location ~ \\.${ext}$ {
    types { }
    default_type "${type}";
    try_files $uri$afya_br $uri =404;
    add_header Content-Encoding $afya_encoding;
    add_header Vary Accept-Encoding;
    add_header Cache-Control $afya_cache_control;
  }`,
    )
    .join('\n');
  return `# Written by \`npm run image-context -- ${target} <dir>\` (scripts/remote-nginx.ts): the build of ${target}, served.

# The Brotli file beside a file, for a client that accepts it (gzip_static serves the .gz one otherwise).
map $http_accept_encoding $afya_br {
  default "";
  "~*(^|[\\s,])br($|[\\s,;])" ".br";
}
# Evaluated as the answer goes out, once try_files picked the file: "br" when it is the Brotli one.
map $uri $afya_encoding {
  default "";
  "~\\.br$" "br";
}
map $uri $afya_cache_control {
  default "no-cache";
  "~${hashed}(\\.br|\\.gz)?$" "public, max-age=31536000, immutable";
}

server {
  listen ${REMOTE_PORT};
  server_name _;
  root /usr/share/nginx/html;
  server_tokens off;
  absolute_redirect off;
  etag on;
  gzip off;
  gzip_static on;

  location = /health/live {
    access_log off;
    default_type text/plain;
    return 200 "live\\n";
  }
  location = /health/ready {
    access_log off;
    default_type text/plain;
    if (!-f $document_root/remoteEntry.js) {
      return 503 "no build\\n";
    }
    return 200 "ready\\n";
  }
${compressed}

  location / {
    try_files $uri =404;
    add_header Cache-Control $afya_cache_control;
  }
}
`;
}
