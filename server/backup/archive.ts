/**
 * The archive file itself (format.ts), written and read with tar-stream: the tool packs the dump
 * folder the server wrote and the media, and unpacks an archive into a dump folder and a media
 * folder. Nothing here opens a database.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, lstat, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { once } from 'node:events';
import * as tar from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  DB_PREFIX,
  isScratch,
  KEYS_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_INDEX_ENTRY,
  MEDIA_PREFIX,
  type BackupManifest,
  type KeyFile,
  type MediaEntry,
} from './format.ts';
import { KEY_NAMES } from '../../protocol/keys.ts';

/** A damaged, foreign or incomplete archive, told plainly. */
export class ArchiveError extends Error {}

/** How long work reports how far it is (bytes). */
export type OnProgress = (done: number, total: number, label: string) => void;

interface MediaFile {
  path: string;
  abs: string;
  size: number;
}

/** Every regular file under `mediaDir` (relative POSIX paths, sorted), scratch files left out; none when the folder is missing. */
export async function listMedia(mediaDir: string): Promise<MediaFile[]> {
  if (!existsSync(mediaDir)) return [];
  const found: MediaFile[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(join(mediaDir, rel), { withFileTypes: true });
    for (const entry of entries) {
      const path = rel ? posix.join(rel, entry.name) : entry.name;
      if (isScratch(path)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push({ path, abs: join(mediaDir, path), size: (await lstat(join(mediaDir, path))).size });
    }
  };
  await walk('');
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Writes `data` as one entry, waiting until the pack took it. */
function addBuffer(pack: tar.Pack, name: string, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, mode: 0o600, mtime: new Date() }, data, (error) => (error ? reject(error) : resolve())));
}

/**
 * Streams one file into the pack (when given) and hashes it on the way, reading it through one
 * descriptor so the size in the entry's header is the size read. Answers the index line.
 */
async function addFile(pack: tar.Pack | null, name: string, file: MediaFile, onBytes: (n: number) => void): Promise<MediaEntry> {
  const handle = await open(file.abs, 'r');
  try {
    const { size, mtime } = await handle.stat();
    const hash = createHash('sha256');
    let entryDone: Promise<void> = Promise.resolve();
    let sink: ReturnType<tar.Pack['entry']> | null = null;
    if (pack) {
      let settle!: { resolve: () => void; reject: (e: Error) => void };
      entryDone = new Promise((resolve, reject) => (settle = { resolve, reject }));
      sink = pack.entry({ name, size, mode: 0o600, mtime }, (error) => (error ? settle.reject(error) : settle.resolve()));
    }
    let read = 0;
    if (size > 0) {
      for await (const chunk of handle.createReadStream({ start: 0, end: size - 1, autoClose: false }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        read += chunk.length;
        onBytes(chunk.length);
        if (sink && !sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
      }
    }
    if (read !== size) throw new ArchiveError(`${file.abs} changed while it was read (${read} of ${size} bytes)`);
    // streamx's end() takes an optional last chunk; its types ask for one.
    sink?.end(undefined);
    await entryDone;
    return { path: file.path, size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

export interface PackResult {
  bytes: number;
  media: { files: number; bytes: number; included: boolean };
}

/**
 * Packs the dump folder and the media into `file`: written beside it first (mode 0600, the keys are
 * in it) and renamed into place when whole, so a failed backup leaves no half archive.
 */
export async function writeArchive(
  file: string,
  options: { dumpDir: string; mediaDir: string; includeMedia: boolean; onProgress?: OnProgress },
): Promise<PackResult> {
  const manifest = JSON.parse(await readFile(join(options.dumpDir, MANIFEST_ENTRY), 'utf8')) as BackupManifest;
  manifest.mediaIncluded = options.includeMedia;
  const media = await listMedia(options.mediaDir);
  const dbFiles = manifest.tables.map((t) => t.file);
  const dbSizes = await Promise.all(dbFiles.map(async (f) => (await stat(join(options.dumpDir, f))).size));
  const total = dbSizes.reduce((a, b) => a + b, 0) + media.reduce((a, m) => a + m.size, 0);
  let done = 0;
  const tick = (label: string) => (n: number) => {
    done += n;
    options.onProgress?.(done, total, label);
  };

  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const pack = tar.pack();
  const written = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
    pack.on('error', reject);
  });
  pack.pipe(out);
  try {
    await chmod(partial, 0o600).catch(() => undefined);
    await addBuffer(pack, MANIFEST_ENTRY, `${JSON.stringify(manifest, null, 2)}\n`);
    await addBuffer(pack, KEYS_ENTRY, await readFile(join(options.dumpDir, KEYS_ENTRY)));
    for (const [i, name] of dbFiles.entries()) {
      await addFile(pack, name, { path: name, abs: join(options.dumpDir, name), size: dbSizes[i]! }, tick(`database: ${name.slice(DB_PREFIX.length)}`));
    }
    const index: MediaEntry[] = [];
    for (const m of media) index.push(await addFile(options.includeMedia ? pack : null, `${MEDIA_PREFIX}${m.path}`, m, tick(`media: ${m.path}`)));
    await addBuffer(pack, MEDIA_INDEX_ENTRY, index.map((e) => `${JSON.stringify(e)}\n`).join(''));
    pack.finalize();
    await written;
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    pack.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return {
    bytes: (await stat(file)).size,
    media: { files: media.length, bytes: media.reduce((a, m) => a + m.size, 0), included: options.includeMedia },
  };
}

/** An entry name as the archive may carry it: relative, no `..`, no empty or dot segments. */
function safeName(name: string): string {
  const clean = name.replace(/^\.\//, '');
  if (clean.startsWith('/') || clean.includes('\\') || clean.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new ArchiveError(`the archive holds an entry with an unsafe name: ${JSON.stringify(name)}`);
  }
  return clean;
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new ArchiveError(`${MANIFEST_ENTRY} of the archive is not JSON`);
  }
  if (manifest?.format !== ARCHIVE_FORMAT) throw new ArchiveError('this is not an md backup archive');
  if (manifest.version !== ARCHIVE_VERSION)
    throw new ArchiveError(`the archive is of format version ${manifest.version}; this tool reads version ${ARCHIVE_VERSION}`);
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations) || !Array.isArray(manifest.sequences)) {
    throw new ArchiveError(`${MANIFEST_ENTRY} of the archive is incomplete`);
  }
  return manifest;
}

export interface Unpacked {
  manifest: BackupManifest;
  keys: KeyFile;
  index: MediaEntry[];
  /** Media files written, when the archive has them. */
  mediaWritten: number;
}

async function readAll(stream: AsyncIterable<Uint8Array>, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new ArchiveError(`${name} in the archive is too large`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an archive: the manifest first (`onManifest` may refuse it before anything is written), the
 * table files into `dumpDir`, the media files (when the archive has them) into `mediaDir`, each
 * checked against its sha256 in the index.
 */
export async function readArchive(
  file: string,
  options: { dumpDir: string; mediaDir: string; onManifest?: (manifest: BackupManifest) => Promise<void> | void; onProgress?: OnProgress },
): Promise<Unpacked> {
  const total = (await stat(file)).size;
  let done = 0;
  let manifest: BackupManifest | null = null;
  let keys: KeyFile | null = null;
  let index: MediaEntry[] | null = null;
  const tableFiles = new Set<string>();
  const seenTables = new Set<string>();
  const written = new Map<string, MediaEntry>();
  await mkdir(join(options.dumpDir, DB_PREFIX), { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  // The iterator listens for entries from its creation: it must exist before the first byte is written.
  const entries = extract[Symbol.asyncIterator]();
  const input = createReadStream(file);
  const feeding = (async () => {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      done += chunk.length;
      options.onProgress?.(done, total, 'reading the archive');
      if (!extract.write(chunk)) await once(extract as unknown as NodeJS.EventEmitter, 'drain');
    }
    extract.end(undefined);
  })();
  feeding.catch((error: Error) => extract.destroy(error));
  try {
    for await (const source of { [Symbol.asyncIterator]: () => entries }) {
      const header = source.header;
      const entry = source as AsyncIterable<Uint8Array>;
      const name = safeName(header.name);
      if (header.type === 'directory') {
        for await (const _ of entry);
        continue;
      }
      if (header.type !== 'file') throw new ArchiveError(`the archive holds ${header.type} ${name}; it should hold only files`);
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new ArchiveError(`this is not an md backup archive (it starts with ${name}, not ${MANIFEST_ENTRY})`);
        manifest = parseManifest((await readAll(entry, 64 << 20, name)).toString('utf8'));
        for (const t of manifest.tables) tableFiles.add(t.file);
        await options.onManifest?.(manifest);
        continue;
      }
      if (name === KEYS_ENTRY) {
        const parsed = JSON.parse((await readAll(entry, 1 << 16, name)).toString('utf8')) as Partial<KeyFile>;
        if (KEY_NAMES.some((k) => typeof parsed[k] !== 'string' || parsed[k] === '')) throw new ArchiveError(`${KEYS_ENTRY} of the archive lacks a key`);
        keys = parsed as KeyFile;
      } else if (name.startsWith(DB_PREFIX)) {
        if (!tableFiles.has(name)) throw new ArchiveError(`the archive holds ${name}, which its manifest does not list`);
        await writeEntry(entry, join(options.dumpDir, name));
        seenTables.add(name);
      } else if (name.startsWith(MEDIA_PREFIX)) {
        if (!manifest.mediaIncluded) throw new ArchiveError(`the archive holds ${name} although its manifest says it has no media`);
        const path = name.slice(MEDIA_PREFIX.length);
        const { size, sha256 } = await writeEntry(entry, join(options.mediaDir, path));
        written.set(path, { path, size, sha256 });
      } else if (name === MEDIA_INDEX_ENTRY) {
        const text = (await readAll(entry, 1 << 30, name)).toString('utf8');
        index = text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as MediaEntry);
      } else {
        throw new ArchiveError(`the archive holds an unexpected entry: ${name}`);
      }
    }
    await feeding;
  } catch (error) {
    input.destroy();
    extract.destroy();
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (!manifest) throw new ArchiveError(`${file} is empty`);
  if (!keys) throw new ArchiveError(`the archive has no ${KEYS_ENTRY}: it is cut short`);
  if (!index) throw new ArchiveError(`the archive has no ${MEDIA_INDEX_ENTRY}: it is cut short`);
  const missing = [...tableFiles].filter((f) => !seenTables.has(f));
  if (missing.length) throw new ArchiveError(`the archive lacks ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ' …' : ''}: it is cut short`);
  if (manifest.mediaIncluded) {
    const bad = index.filter((e) => written.get(e.path)?.sha256 !== e.sha256).map((e) => e.path);
    if (bad.length || written.size !== index.length) {
      throw new ArchiveError(
        `the archive's media do not match its index (${bad.slice(0, 3).join(', ') || `${written.size} files for ${index.length} listed`})`,
      );
    }
  }
  return { manifest, keys, index, mediaWritten: written.size };
}

/** Writes one entry's bytes to `target` (mode 0600 for database files, the media's usual mode otherwise), hashing them. */
async function writeEntry(entry: AsyncIterable<Uint8Array>, target: string): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(target), { recursive: true });
  const out = createWriteStream(target, { flags: 'wx' });
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of entry) {
      hash.update(chunk);
      size += chunk.length;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

export interface MediaCheck {
  checked: number;
  missing: string[];
  different: string[];
}

/** Compares the media folder with the archive's index (sizes, then sha256): what is missing or not the same. */
export async function checkMedia(mediaDir: string, index: MediaEntry[], onProgress?: OnProgress): Promise<MediaCheck> {
  const total = index.reduce((a, e) => a + e.size, 0);
  let done = 0;
  const missing: string[] = [];
  const different: string[] = [];
  for (const entry of index) {
    const abs = join(mediaDir, entry.path);
    let size: number;
    try {
      const info = await stat(abs);
      if (!info.isFile()) throw new Error('not a file');
      size = info.size;
    } catch {
      missing.push(entry.path);
      done += entry.size;
      continue;
    }
    if (size !== entry.size) {
      different.push(entry.path);
      done += entry.size;
      continue;
    }
    const { sha256 } = await addFile(null, entry.path, { path: entry.path, abs, size }, (n) => {
      done += n;
      onProgress?.(done, total, `checking media: ${entry.path}`);
    });
    if (sha256 !== entry.sha256) different.push(entry.path);
  }
  return { checked: index.length, missing, different };
}
