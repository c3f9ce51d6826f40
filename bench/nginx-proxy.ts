import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort } from '@platform/testing';

/** Where Debian's nginx package puts it; PATH may not hold /usr/sbin for a non-root user. */
const NGINX_PATHS = ['nginx', '/usr/sbin/nginx'];

/** The nginx binary, or undefined when none is installed (`apt-get install nginx-light`). */
export function findNginx(): string | undefined {
  return NGINX_PATHS.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
}

export interface NginxProxy {
  url: string;
  /** Its master and worker, for a bench that pins them to a core. */
  pids(): number[];
  stop(): void;
}

/**
 * A reference column for `bench:gateway` (never deployed): nginx, one worker, as a bare reverse proxy
 * before the same services, kept-alive upstream connections and nothing else, like bare-proxy.ts in Node.
 * What a hop written in C costs, beside what one written in Node costs. `routes`: prefix -> service URL
 * (longest prefix wins, as nginx's prefix locations do).
 */
export async function startNginx(bin: string, routes: Record<string, string>): Promise<NginxProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'afya-bench-nginx-'));
  const port = await freePort();
  const upstreams = Object.values(routes).map((url, i) => ({ name: `service${i}`, host: new URL(url).host }));
  const locations = Object.keys(routes).map(
    (prefix, i) => `
    location ${prefix} {
      proxy_pass http://service${i};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }`,
  );
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Idle upstream connections closed before Node's own 5 s keep-alive timeout closes them under a request.
${upstreams.map((u) => `  upstream ${u.name} { server ${u.host}; keepalive 64; keepalive_timeout 4s; }`).join('\n')}
  server {
    listen 127.0.0.1:${port};${locations.join('')}
  }
}
`,
  );
  const nginx: ChildProcess = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    nginx.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers anything (404 for `/`, which no route takes).
  await eventually(
    async () => (nginx.exitCode === null ? (await fetch(url)).status : undefined),
    5_000,
  ).catch((err: unknown) => {
    stop();
    throw new Error(`nginx did not start (exit ${nginx.exitCode}): ${String(err)}`);
  });
  return {
    url,
    pids: () => {
      const children = spawnSync('pgrep', ['-P', String(nginx.pid)], { encoding: 'utf8' }).stdout;
      return [nginx.pid!, ...children.split('\n').filter(Boolean).map(Number)];
    },
    stop,
  };
}
