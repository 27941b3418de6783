/**
 * The local channel of the operators' API: how the command-line tool (server/cli/) reaches a running
 * server on the same machine without the deployment keys, and how it knows whether a server holds
 * the data folder at all (PGlite opens in one process only).
 *
 * A server writes DATA_DIR/operator.json (mode 0600) before it opens the database: its pid and a
 * random key, then its address once it listens; it removes the file when it closes. A call under
 * /api/app/admin/ carrying that key in `x-operator-key`, from a loopback or same-host address and
 * with no forwarding header, is the tool: it skips the MD1 signature (the key is the secret) and is
 * answered unencrypted. When no live server holds the folder the tool writes the file itself
 * (holder 'cli'), builds the app in its own process and injects the same calls; a server starting
 * meanwhile waits for it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ADMIN_PREFIX, OPERATOR_FILE, OPERATOR_KEY_HEADER, OPERATOR_NAME_HEADER } from '../../protocol/admin-api.ts';

/** What DATA_DIR/operator.json holds. */
export interface OperatorFile {
  holder: 'server' | 'cli';
  pid: number;
  /** The server's base address for the tool (http://127.0.0.1:8080); null until it listens, and for the tool. */
  url: string | null;
  /** The local channel's key (a server's); '' for the tool. */
  key: string;
  startedAt: string;
}

export const newOperatorKey = () => randomBytes(32).toString('base64url');

export const operatorFilePath = (dataDir: string) => join(dataDir, OPERATOR_FILE);

/**
 * The file as written; null when there is none, 'unreadable' when it cannot be parsed (being written,
 * or damaged). Other errors (a file of another system user: EACCES) are thrown.
 */
export function readOperatorFile(dataDir: string): OperatorFile | 'unreadable' | null {
  let text: string;
  try {
    text = readFileSync(operatorFilePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<OperatorFile>;
    if ((parsed.holder !== 'server' && parsed.holder !== 'cli') || typeof parsed.pid !== 'number') return 'unreadable';
    return { holder: parsed.holder, pid: parsed.pid, url: parsed.url ?? null, key: parsed.key ?? '', startedAt: parsed.startedAt ?? '' };
  } catch {
    return 'unreadable';
  }
}

const readable = (dataDir: string): OperatorFile | null => {
  try {
    const file = readOperatorFile(dataDir);
    return file === 'unreadable' ? null : file;
  } catch {
    return null;
  }
};

/** Writes the file readable by its owner only, in one rename (a reader never sees half of it). */
export function writeOperatorFile(dataDir: string, file: OperatorFile): void {
  mkdirSync(dataDir, { recursive: true });
  const path = operatorFilePath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

/** Removes the file when it is still the one `pid` wrote (a newer holder's stays). */
export function removeOperatorFile(dataDir: string, pid: number): void {
  const current = readable(dataDir);
  if (current && current.pid === pid) rmSync(operatorFilePath(dataDir), { force: true });
}

/** Removes the file when the process that wrote it is gone. */
export function removeStaleOperatorFile(dataDir: string): void {
  const current = readable(dataDir);
  if (current && current.pid !== process.pid && !processAlive(current.pid)) rmSync(operatorFilePath(dataDir), { force: true });
}

/** Whether a process of this pid runs (EPERM: it runs as another user). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The holder of the data folder other than this process, when it is alive; 'unreadable' while the
 * file cannot be parsed (a holder writing it); throws when it cannot be read at all (EACCES: the
 * server runs as another system user, whose file this process must not judge stale).
 */
export function liveHolder(dataDir: string): OperatorFile | 'unreadable' | null {
  if (!existsSync(operatorFilePath(dataDir))) return null;
  const file = readOperatorFile(dataDir);
  if (file === 'unreadable') return file;
  if (!file || file.pid === process.pid || !processAlive(file.pid)) return null;
  return file;
}

/** liveHolder for a server: a file it cannot read or parse is no tool's claim. */
const liveHolderForServer = (dataDir: string): OperatorFile | null => {
  try {
    const holder = liveHolder(dataDir);
    return holder === 'unreadable' ? null : holder;
  } catch {
    return null;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server's claim on its data folder, before it opens the database: waits (up to `waitMs`) while
 * the tool holds the folder in its own process, then writes the file with this server's key.
 * Throws when the tool still holds it, or when another live server does.
 */
export async function claimForServer(dataDir: string, key: string, waitMs = 60_000): Promise<void> {
  const until = Date.now() + waitMs;
  for (let holder = liveHolderForServer(dataDir); holder?.holder === 'cli'; holder = liveHolderForServer(dataDir)) {
    if (Date.now() > until) {
      throw new Error(
        `the md tool (pid ${holder.pid}) is using ${dataDir}; start the server when it is done (or remove ${operatorFilePath(dataDir)} if that process is not the tool)`,
      );
    }
    await sleep(250);
  }
  // Two servers on one folder would open one embedded database from two processes (and the second,
  // failing to listen, would leave the first without its local channel).
  const other = liveHolderForServer(dataDir);
  if (other?.holder === 'server') {
    throw new Error(
      `another server (pid ${other.pid}) is running on ${dataDir}; stop it first, or give this one a DATA_DIR of its own (or remove ${operatorFilePath(dataDir)} if that process is not a server)`,
    );
  }
  writeOperatorFile(dataDir, { holder: 'server', pid: process.pid, url: null, key, startedAt: new Date().toISOString() });
}

/** The address the tool calls for a server listening on `host`:`port` (a wildcard host is reached on loopback). */
export function localUrlOf(host: string, port: number): string {
  const reach = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

/** Once listening: adds the address to this server's file. */
export function publishServerUrl(dataDir: string, key: string, url: string): void {
  const current = readable(dataDir);
  writeOperatorFile(dataDir, { holder: 'server', pid: process.pid, url, key, startedAt: current?.startedAt ?? new Date().toISOString() });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Whether the connection comes from this machine: loopback, or a connection to this host's own address from it. */
function fromThisMachine(request: FastifyRequest): boolean {
  const socket = request.raw.socket;
  const remote = socket?.remoteAddress ?? '';
  return LOOPBACK.test(remote) || (remote !== '' && remote === socket?.localAddress);
}

/**
 * The local tool's call: the outcome for a request that sends `x-operator-key` ('none' when it
 * sends none). 'refused' when the key is wrong, the path is not an admin call, the connection is
 * not from this machine or a proxy forwarded it: behind a proxy on the same host every visitor
 * comes from loopback, which is why forwarded requests never qualify.
 */
export function localOperatorOf(request: FastifyRequest, key: Buffer): { name: string } | 'none' | 'refused' {
  const sent = request.headers[OPERATOR_KEY_HEADER];
  if (sent === undefined) return 'none';
  if (typeof sent !== 'string' || key.length === 0) return 'refused';
  const given = Buffer.from(sent);
  if (given.length !== key.length || !timingSafeEqual(given, key)) return 'refused';
  if (!request.url.startsWith(ADMIN_PREFIX)) return 'refused';
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return 'refused';
  if (!fromThisMachine(request)) return 'refused';
  const name = request.headers[OPERATOR_NAME_HEADER];
  const clean = typeof name === 'string' ? name.replace(/[^\w.@-]/g, '').slice(0, 64) : '';
  return { name: clean || 'operator' };
}
