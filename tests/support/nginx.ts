import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { freePort } from './server-process';

/**
 * Debian's nginx running the deployment's own site file (deploy/nginx/kibali.conf) for a test: the
 * same directives, with the test's ports, a self-signed certificate for 127.0.0.1 and a temporary
 * folder in place of the machine's. `.ci/run` installs nginx as it installs Chromium.
 */

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const SITE_FILE = path.join(root, 'deploy/nginx/kibali.conf');

export interface Nginx {
  httpsPort: number;
  httpPort: number;
  /** The certificate the test trusts (it signed it). */
  ca: Buffer;
  stop(): Promise<void>;
  log(): string;
}

/** The site file with this test's values; fails loudly when a directive it replaces is no longer there. */
export function siteForTest(
  site: string,
  values: { upstreams: number[]; httpsPort: number; httpPort: number; cert: string; key: string; assets: string },
): string {
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx/kibali.conf no longer has ${pattern}`);
    return text.replace(pattern, by);
  };
  let out = site;
  out = replace(
    out,
    /(upstream kibali \{\n)(?:[^\n]*\n)*?(\s*keepalive)/,
    `$1${values.upstreams.map((port) => `    server 127.0.0.1:${port};\n`).join('')}$2`,
  );
  out = replace(out, /listen 443 ssl http2;/, `listen 127.0.0.1:${values.httpsPort} ssl http2;`);
  out = replace(out, /listen 80;/, `listen 127.0.0.1:${values.httpPort};`);
  out = out.replace(/\n\s*listen \[::\]:\d+[^\n]*;/g, '');
  out = replace(out, /ssl_certificate \S+;/, `ssl_certificate ${values.cert};`);
  out = replace(out, /ssl_certificate_key \S+;/, `ssl_certificate_key ${values.key};`);
  out = replace(out, /root \S+;/, `root ${values.assets};`);
  return out;
}

export async function startNginx(dir: string, upstreams: number[], assets: string): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed (${NGINX}): apt-get install -y nginx`);
  mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = siteForTest(readFileSync(SITE_FILE, 'utf8'), { upstreams, httpsPort, httpPort, cert, key, assets });
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // As root, nginx's worker would run as nobody and could not read the test's private folders.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      site,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = () => {
    const errors = path.join(dir, 'error.log');
    return output + (existsSync(errors) ? readFileSync(errors, 'utf8') : '');
  };
  const ca = readFileSync(cert);
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${log()}`);
    const up = await httpsRequest(httpsPort, ca, '/readyz').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 20 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGQUIT');
    await exited;
  };
  return { httpsPort, httpPort, ca, stop, log };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTPS request to 127.0.0.1 trusting only `ca` (Node's fetch takes no certificate of its own). */
export function httpsRequest(
  port: number,
  ca: Buffer,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers: options.headers, ca },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${urlPath} within 20 s`)));
    request.on('error', reject);
    request.end(options.body);
  });
}
