/**
 * The scale suite's machinery: real server processes (`node --import tsx server/main.ts`), job
 * worker processes (`md worker`), nginx run in the foreground from a generated nginx.conf that
 * includes the shipped deploy/nginx/*.conf, and signed HTTP calls made with node:http (which, unlike
 * fetch, lets a call name the Host that picks nginx's server block).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { decryptData } from '../../protocol/cipher.ts';
import type { Envelope } from '../../protocol/envelope.ts';
import { DEFAULT_KEYS } from '../../protocol/keys.ts';
import { signedHeaders } from '../../protocol/signing.ts';

export const ROOT = join(import.meta.dirname, '..', '..');
export const UA = 'deviceType=mobile&sysType=h5&version=1.0.1%2B27&browser=chrome';

/** nginx from NGINX_PATH, else Debian's. */
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** A port nobody listens on now (the kernel's pick). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Ports of the two instances, the tap and nginx: MD_SCALE_PORTS (four, comma-separated) or free ones. */
export async function clusterPorts(): Promise<{ a: number; b: number; tap: number; nginx: number }> {
  const fixed = process.env.MD_SCALE_PORTS?.split(',').map(Number);
  const [a, b, tap, nginx] = fixed?.length === 4 ? fixed : [await freePort(), await freePort(), await freePort(), await freePort()];
  return { a: a!, b: b!, tap: tap!, nginx: nginx! };
}

export interface Proc {
  child: ChildProcess;
  /** What it wrote so far (stdout and stderr). */
  output(): string;
  /** Settles when it exits. */
  exited: Promise<number | null>;
  /** SIGKILL to its whole process group (ffmpeg children die with it, as on a lost machine). */
  kill(): void;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
}

/** Starts a process in its own group, collecting its output. */
export function startProcess(command: string, args: string[], env: Record<string, string>, cwd = ROOT): Proc {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const signal = (name: NodeJS.Signals) => {
    if (gone || child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  return {
    child,
    output: () => text,
    exited,
    kill: () => signal('SIGKILL'),
    async stop() {
      signal('SIGTERM');
      return exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true, or throws with `what` and the process's output after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, proc?: Proc): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms${proc ? `\n${proc.output().slice(-3000)}` : ''}`);
    await sleep(200);
  }
}

/** A server instance: the real entry point, as production runs it. */
export function startInstance(env: Record<string, string>): Proc {
  return startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], env);
}

/** `npm run md -- <args>` as a process. */
export function startTool(args: string[], env: Record<string, string>): Proc {
  return startProcess(process.execPath, ['--import', 'tsx', 'server/cli/md.ts', ...args], env);
}

/** nginx.conf for the suite: the shipped http and location files, upstreams of the instances. */
export function nginxConfig(dir: string, ports: { a: number; b: number; tap: number; nginx: number }, mediaDir: string): string {
  const deploy = join(ROOT, 'deploy', 'nginx');
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, d), { recursive: true });
  const listen = `listen 127.0.0.1:${ports.nginx};`;
  const instances = `server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=10s;\n    server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=10s;`;
  // The tap (see tapProxy) stands first and instance B is its backup: a request the tap drops
  // after instance A answered it shows what nginx does next. The tap is never taken for down.
  const tapped = `server 127.0.0.1:${ports.tap} max_fails=0;\n    server 127.0.0.1:${ports.b} backup;`;
  return `
${process.getuid?.() === 0 ? `user ${userInfo().username};` : ''}
daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(deploy, 'md-http.conf')};

  upstream md_instances {
    ${instances}
    keepalive 16;
  }
  upstream md_uploads {
    hash $uri consistent;
    ${instances}
  }

  # The site, as deploy/nginx.conf serves it (without TLS).
  server {
    ${listen}
    server_name site.test;
    include ${join(deploy, 'md-proxy-params.conf')};
    include ${join(deploy, 'md-proxy.conf')};
  }

  # The media origin of MEDIA_URL.
  server {
    ${listen}
    server_name media.test;
    root ${mediaDir};
    include ${join(deploy, 'md-media.conf')};
  }

  # The shipped retry rules in front of the tap, and the same with non_idempotent added.
  upstream md_tapped {
    ${tapped}
  }
  server {
    ${listen}
    server_name tap.test;
    include ${join(deploy, 'md-proxy-params.conf')};
    location / {
      proxy_pass http://md_tapped;
    }
  }
  server {
    ${listen}
    server_name tap-unsafe.test;
    include ${join(deploy, 'md-proxy-params.conf')};
    location / {
      proxy_next_upstream error timeout http_503 non_idempotent;
      proxy_pass http://md_tapped;
    }
  }
}
`;
}

/** Runs nginx in the foreground on a generated configuration; answers the process once it answers. */
export async function startNginx(dir: string, conf: string, port: number): Promise<Proc> {
  if (!existsSync(NGINX)) throw new Error(`the scale suite needs nginx at ${NGINX} (Debian: apt-get install nginx; or set NGINX_PATH)`);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', file], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const proc = startProcess(NGINX, ['-p', dir, '-c', file], {});
  await waitFor('nginx listening', async () => (await get(port, '/nothing-here', 'media.test')).status === 404, 10_000, proc);
  return proc;
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP request to 127.0.0.1:port with the given Host. */
export function send(port: number, method: string, path: string, host: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { host, ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

export const get = (port: number, path: string, host = 'site.test', headers: Record<string, string> = {}) => send(port, 'GET', path, host, headers);

/** A signed API call exactly as a client sends it (PROTOCOL.md), ready to send and to send again. */
export function signedCall(path: string, body: unknown, options: { token?: string; method?: 'GET' | 'POST' } = {}) {
  const method = options.method ?? 'POST';
  const payload = method === 'POST' ? JSON.stringify(body ?? {}) : '';
  const headers = signedHeaders({
    appSecret: DEFAULT_KEYS.MD_APP_SECRET,
    signingKey: DEFAULT_KEYS.MD_SIGNING_KEY,
    method,
    pathWithQuery: path,
    token: options.token,
    ua: UA,
    now: Date.now(),
    body: payload,
  });
  return { method, path, payload, headers: { ...headers, ...(method === 'POST' && { 'content-type': 'application/json' }) } };
}

export interface ApiReply<T> {
  status: number;
  code: number;
  tip: string;
  data: T;
  headers: IncomingHttpHeaders;
}

/** Sends a signed call (made by signedCall) and decrypts its answer. */
export async function sendCall<T>(
  port: number,
  call: ReturnType<typeof signedCall>,
  host = 'site.test',
  extra: Record<string, string> = {},
): Promise<ApiReply<T>> {
  const reply = await send(port, call.method, call.path, host, { ...call.headers, ...extra }, call.method === 'POST' ? call.payload : undefined);
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(reply.body.toString()) as Envelope<T>;
  } catch {
    return { status: reply.status, code: -1, tip: reply.body.toString().slice(0, 200), data: undefined as T, headers: reply.headers };
  }
  const data = envelope.hash ? await decryptData<T>(DEFAULT_KEYS.MD_DATA_KEY, envelope.data as string) : (envelope.data as T);
  return { status: reply.status, code: envelope.code, tip: envelope.tip, data, headers: reply.headers };
}

/** Signs and sends in one step. */
export const api = <T>(port: number, path: string, body: unknown, options: { token?: string; host?: string; method?: 'GET' | 'POST' } = {}) =>
  sendCall<T>(port, signedCall(path, body, options), options.host);

/**
 * A stand-in for an instance that dies after doing the work but before answering: it passes each
 * request to `target` whole, waits for the whole answer (so the work is done and the nonce used),
 * then drops the connection without a word. Answers how many requests it passed.
 */
export async function tapProxy(port: number, target: number): Promise<{ server: Server; passed: () => number; close(): Promise<void> }> {
  let passed = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = httpRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          passed++;
          res.socket?.destroy();
        });
      });
      forward.on('error', () => res.socket?.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    passed: () => passed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
