import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultKeysIn, KEY_NAMES, keysFrom, type KeyName, type ProtocolKeys } from '../protocol/keys.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; absent means embedded PGlite in `pgliteDir`. */
  databaseUrl: string | null;
  /** Folder of the embedded database, or 'memory://' for an in-memory one (tests). */
  pgliteDir: string;
  /** Absent means nonces and rate limits live in this process's memory. */
  redisUrl: string | null;
  /** REDIS_PREFIX: put before every Redis key and channel name, so several sites (or test runs) can share one Redis. */
  redisPrefix: string;
  encrypt: boolean;
  keys: ProtocolKeys;
  staticDir: string;
  mediaDir: string;
  ffmpegPath: string | null;
  /** Overrides the request origin in config.domain (e.g. behind a CDN). */
  publicUrl: string | null;
  /**
   * MEDIA_URL: where clients load media from (config.domain's IMAGE and VIDEO entries are its /img
   * and /video), a CDN or static origin serving what MEDIA_DIR holds; null: this site's /media.
   */
  mediaUrl: string | null;
  logLevel: string;
  production: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy you run: it keys rate limits). */
  trustProxy: boolean;
  /** A client must send all request headers within this time (slow-header attacks). */
  headersTimeoutMs: number;
  /** A client must send the whole request, body included, within this time (slow bodies). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Open connections this process accepts at once; more are refused at accept. */
  maxConnections: number;
  /** Per-process read caches (lists, config); off only to measure what is behind them. */
  caches: boolean;
  /** The zone whose calendar day "today" means (daily limits, hot-search heat, check-in). */
  timeZone: string;
  /** Where captcha texts go: a file of JSON lines (SMS_OUTBOX, for testing a deployment), else the server log. */
  smsOutbox: string | null;
  /**
   * The password of the seeded demo member (account DEMO_ACCOUNT): DEMO_PASSWORD, else a known
   * one outside production; in production without DEMO_PASSWORD the demo member cannot sign in.
   */
  demoPassword: string | null;
  /** MD_HOLD_POSTS: new posts wait as pending until an operator publishes them (DECISIONS.md: off by default). */
  holdNewPosts: boolean;
  /** TUS_DIR: where resumable video uploads are written (shared storage when several instances take uploads or run workers). */
  tusDir: string;
  /** MD_JOB_WORKERS: jobs (transcoding) this instance runs at once; 0 leaves them to other instances. */
  jobWorkers: number;
  /** MD_JOB_LEASE_SECONDS: how long a claimed job stays a dead worker's before another worker takes it. */
  jobLeaseMs: number;
  /**
   * MD_DEMO_CLIPS: which demo clips this instance encodes on start: 'all' (the first-start pool, then
   * the long clips in the background), 'first' (no long clips) or 'none' (the media folder is made
   * by another instance sharing it).
   */
  demoClips: 'all' | 'first' | 'none';
  /** MD_SIGNUPS_PER_ADDRESS: sign-ups one address may make in 15 minutes (more behind a shared NAT). */
  signUpsPerAddress: number;
}

/** The demo member's password on a development or test server (README). */
export const DEV_DEMO_PASSWORD = 'demo123456';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function timeZone(value: string | undefined): string {
  const zone = value || 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new ConfigError(`MD_TIME_ZONE must be an IANA time zone such as Asia/Shanghai, got "${value}"`);
  }
  return zone;
}

function port(value: string | undefined): number {
  if (!value) return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT must be 0..65535, got "${value}"`);
  return n;
}

/**
 * The file in DATA_DIR holding the deployment keys a restored site was made with (written by
 * `md restore`, mode 0600): the masked images and the members' devices depend on them.
 */
export const KEYS_FILE = 'keys.json';

/** The keys of DATA_DIR/keys.json, or null when the folder has none. */
export function readKeysFile(dataDir: string): Partial<Record<KeyName, string>> | null {
  const path = resolve(dataDir, KEYS_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${path} is not JSON: it should hold the site's keys as {"MD_APP_SECRET": "…", …}`);
  }
  const keys: Partial<Record<KeyName, string>> = {};
  for (const name of KEY_NAMES) {
    const value = (parsed as Record<string, unknown> | null)?.[name];
    if (typeof value === 'string' && value !== '') keys[name] = value;
  }
  return keys;
}

/**
 * The deployment keys: the environment's, over those of DATA_DIR/keys.json. A key set in both with
 * different values is refused: the folder's images were masked with the file's, and a server with
 * another key would serve what no device can read.
 */
function keySource(env: Env, dataDir: string | null): Env {
  const stored = dataDir ? readKeysFile(dataDir) : null;
  if (!stored) return env;
  for (const name of KEY_NAMES) {
    const given = env[name];
    if (given && stored[name] && given !== stored[name]) {
      throw new ConfigError(
        `${name} differs from the one in ${resolve(dataDir!, KEYS_FILE)}, which this site's data was made with: unset ${name} or set it to that value`,
      );
    }
  }
  const merged: Env = { ...env };
  for (const name of KEY_NAMES) merged[name] = env[name] || stored[name];
  return merged;
}

/** Reads the server's environment (README documents every name). Throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const keySet = keySource(env, env.DATA_DIR === 'memory://' ? null : env.DATA_DIR || './data');
  if (production) {
    const defaults: KeyName[] = defaultKeysIn(keySet);
    if (defaults.length > 0) {
      throw new ConfigError(`refusing to start in production with development default keys: ${defaults.join(', ')} (set them in the environment)`);
    }
  }
  const keys = keysFrom(keySet);
  if (!/^[0-9a-fA-F]{64}$/.test(keys.dataKeyHex)) throw new ConfigError('MD_DATA_KEY must be 64 hex characters');
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null;
  if (publicUrl !== null && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) origin such as https://video.example.com, got "${env.PUBLIC_URL}"`);
  }
  // Without it the media addresses would come from request headers, which any caller can set.
  if (production && publicUrl === null) throw new ConfigError('PUBLIC_URL is required in production (the public origin of the site)');
  const mediaUrl = env.MEDIA_URL ? env.MEDIA_URL.replace(/\/+$/, '') : null;
  if (mediaUrl !== null && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(mediaUrl)) {
    throw new ConfigError(`MEDIA_URL must be an http(s) address such as https://cdn.example.com/media, got "${env.MEDIA_URL}"`);
  }
  const demoClips = env.MD_DEMO_CLIPS || 'all';
  if (demoClips !== 'all' && demoClips !== 'first' && demoClips !== 'none') {
    throw new ConfigError(`MD_DEMO_CLIPS must be all, first or none, got "${env.MD_DEMO_CLIPS}"`);
  }
  const redisPrefix = env.REDIS_PREFIX ?? 'md:';
  if (!/^[\w.:-]{0,64}$/.test(redisPrefix)) throw new ConfigError(`REDIS_PREFIX may hold letters, digits and _ . : - (at most 64), got "${redisPrefix}"`);
  const dataDir = env.DATA_DIR || './data';
  const memory = dataDir === 'memory://';
  return {
    port: port(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: memory ? 'memory://' : resolve(dataDir, 'pg'),
    redisUrl: env.REDIS_URL || null,
    redisPrefix,
    encrypt: flag(env.MD_ENCRYPT, true),
    keys,
    staticDir: resolve(env.STATIC_DIR || './dist'),
    mediaDir: resolve(env.MEDIA_DIR || (memory ? './data/media' : resolve(dataDir, 'media'))),
    ffmpegPath: env.FFMPEG_PATH || null,
    publicUrl,
    mediaUrl,
    logLevel: env.LOG_LEVEL || (production ? 'warn' : 'info'),
    production,
    trustProxy: flag(env.TRUST_PROXY, false),
    headersTimeoutMs: positiveInt('HTTP_HEADERS_TIMEOUT_MS', env.HTTP_HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: positiveInt('HTTP_REQUEST_TIMEOUT_MS', env.HTTP_REQUEST_TIMEOUT_MS, 30_000),
    keepAliveTimeoutMs: positiveInt('HTTP_KEEPALIVE_TIMEOUT_MS', env.HTTP_KEEPALIVE_TIMEOUT_MS, 5_000),
    maxConnections: positiveInt('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 1024),
    caches: flag(env.MD_CACHES, true),
    timeZone: timeZone(env.MD_TIME_ZONE),
    smsOutbox: env.SMS_OUTBOX ? resolve(env.SMS_OUTBOX) : null,
    demoPassword: env.DEMO_PASSWORD || (production ? null : DEV_DEMO_PASSWORD),
    holdNewPosts: flag(env.MD_HOLD_POSTS, false),
    tusDir: resolve(env.TUS_DIR || (memory ? join(tmpdir(), 'md-tus') : resolve(dataDir, 'tus'))),
    jobWorkers: env.MD_JOB_WORKERS === '0' ? 0 : positiveInt('MD_JOB_WORKERS', env.MD_JOB_WORKERS, 1),
    jobLeaseMs: positiveInt('MD_JOB_LEASE_SECONDS', env.MD_JOB_LEASE_SECONDS, 60) * 1000,
    demoClips,
    signUpsPerAddress: positiveInt('MD_SIGNUPS_PER_ADDRESS', env.MD_SIGNUPS_PER_ADDRESS, 60),
  };
}
