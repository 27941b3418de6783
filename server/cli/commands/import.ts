/**
 * `import-video FILE... | DIR`: the operators' import (routes/admin/import-routes.ts). Each file is
 * sent to admin/video/import by its absolute path (the server reads it on its own machine), then the
 * tool follows the imports' transcode jobs with a progress bar until each is ready or failed; with
 * no server running it runs those jobs itself. A folder imports in bulk from its manifest.json or
 * manifest.csv. A skipped or failed file is told and the rest go on; the exit code is then 1.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { ADMIN_API, IMPORT_PERFORMERS_MAX, IMPORT_SUBTITLES_MAX, IMPORT_TAGS_MAX, IMPORT_TITLE_MAX, pastPublication } from '../../../protocol/admin-api.ts';
import type { ImportStatus, ImportStatusList, VideoImportBody, VideoImportResult } from '../../../protocol/contracts/admin.ts';
import type { AdminClient } from '../connect.ts';
import { CliError, UsageError, type Command, type CommandContext } from '../framework.ts';

const NAME = 'import-video';
const MANIFESTS = ['manifest.json', 'manifest.csv'] as const;
const POLL_MS = 500;
const LANG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/** One video to import, as the command line or a manifest row says. */
interface Entry {
  body: VideoImportBody;
  /** Where it came from, for messages: the file, or manifest.csv row 3. */
  origin: string;
  /** From the command line's options, shared with the other files there. */
  shared: boolean;
}

/** What the command answers (printed, or with --json the one document). */
export interface ImportReport {
  imported: { path: string; importId: number; videoId: number; outcome: string }[];
  skipped: { path: string; reason: string; message: string }[];
  failed: { path: string; importId: number | null; message: string }[];
  /** Imports left running (--no-wait, or the job still queued). */
  pending: { path: string; importId: number; state: string; progress: number }[];
}

/** A list option or manifest field: repeated values, each may hold several names split by , ; | or 、. */
export function listOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values
    .flatMap((v) => String(v).split(/[,;|，；、]/))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A subtitle file and its language: LANG=FILE, or FILE named like movie.en.vtt. */
export function subtitleOf(value: string, base: string): { path: string; lang: string } {
  const given = /^([A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*)=(.+)$/.exec(value);
  const file = resolve(base, given ? given[2]! : value);
  if (extname(file).toLowerCase() !== '.vtt') throw new UsageError(`--subtitles takes WebVTT files (.vtt), got "${value}"`, NAME);
  const lang = given?.[1] ?? /\.([A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*)\.vtt$/i.exec(basename(file))?.[1];
  if (!lang || !LANG.test(lang))
    throw new UsageError(`cannot tell the language of subtitles "${value}": name the file like movie.en.vtt, or write en=${value}`, NAME);
  return { path: file, lang };
}

/** Minimal RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  if (quoted) throw new Error('a quoted field is not closed');
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

type Fields = Record<string, unknown>;

/** The rows of a folder's manifest, each as field → value. */
function readManifest(dir: string): { name: string; rows: Fields[] } {
  const name = MANIFESTS.find((m) => {
    try {
      return statSync(join(dir, m)).isFile();
    } catch {
      return false;
    }
  });
  if (!name)
    throw new UsageError(
      `${dir} is a folder without ${MANIFESTS.join(' or ')}: name video files, or add a manifest (fields: file, title, performer, tags, category, subtitles)`,
      NAME,
    );
  const path = join(dir, name);
  const text = readFileSync(path, 'utf8');
  if (name === 'manifest.json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`, NAME);
    }
    const rows = Array.isArray(parsed) ? parsed : (parsed as { videos?: unknown })?.videos;
    if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
      throw new UsageError(`${path} must be a list of objects (or {"videos": [...]}), one per video`, NAME);
    return { name, rows: rows as Fields[] };
  }
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    throw new UsageError(`${path}: ${(error as Error).message}`, NAME);
  }
  const [header, ...body] = table;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!columns.includes('file')) throw new UsageError(`${path} needs a header row naming its columns, with at least "file"`, NAME);
  return { name, rows: body.map((cells) => Object.fromEntries(columns.map((c, i) => [c, cells[i]?.trim() ?? '']))) };
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/** An entry's body, checked here so that a mistake is told before anything is sent. */
function entryOf(
  fields: {
    file: string;
    title: string;
    description?: string;
    published?: string;
    category: string;
    performers: string[];
    tags: string[];
    subtitles: { path: string; lang: string }[];
  },
  origin: string,
  shared: boolean,
): Entry {
  if (!fields.category) throw new UsageError(`${origin}: no category (give --category, or a category field in the manifest)`, NAME);
  if (!fields.title) throw new UsageError(`${origin}: the title is empty`, NAME);
  if ([...fields.title].length > IMPORT_TITLE_MAX) throw new UsageError(`${origin}: the title is longer than ${IMPORT_TITLE_MAX} characters`, NAME);
  if (fields.performers.length > IMPORT_PERFORMERS_MAX) throw new UsageError(`${origin}: at most ${IMPORT_PERFORMERS_MAX} performers`, NAME);
  if (fields.tags.length > IMPORT_TAGS_MAX) throw new UsageError(`${origin}: at most ${IMPORT_TAGS_MAX} tags`, NAME);
  if (fields.subtitles.length > IMPORT_SUBTITLES_MAX) throw new UsageError(`${origin}: at most ${IMPORT_SUBTITLES_MAX} subtitle files`, NAME);
  if (fields.published && !pastPublication(fields.published))
    throw new UsageError(`${origin}: --published must be a date such as 2024-05-01 (or an ISO instant), not in the future`, NAME);
  return {
    origin,
    shared,
    body: {
      path: fields.file,
      title: fields.title,
      ...(fields.description ? { description: fields.description } : {}),
      ...(fields.published ? { publishedAt: fields.published } : {}),
      category: fields.category,
      performers: fields.performers,
      tags: fields.tags,
      subtitles: fields.subtitles,
    },
  };
}

/** What the command line names: files with its options, folders with their manifests (the options as defaults). */
export function entriesOf(args: string[], options: Record<string, unknown>, cwd = process.cwd()): Entry[] {
  const paths = args.map((a) => ({ arg: a, path: resolve(cwd, a) }));
  const isDir = (p: string) => {
    try {
      return statSync(p).isDirectory();
    } catch {
      return false;
    }
  };
  const files = paths.filter((p) => !isDir(p.path));
  const title = text(options.title);
  if (options.title !== undefined && !title) throw new UsageError('--title is empty', NAME);
  if (files.length > 1 && title)
    throw new UsageError('--title names one video: with several files leave it out (each is titled by its file name) or use a manifest', NAME);
  const subtitleArgs = listOf(options.subtitles);
  if (files.length !== 1 && subtitleArgs.length)
    throw new UsageError(
      files.length
        ? '--subtitles belong to one video: import one file with them, or use a manifest'
        : '--subtitles go with a file, not a folder: name them in the manifest',
      NAME,
    );
  const defaults = {
    description: text(options.description),
    published: text(options.published),
    category: text(options.category),
    performers: listOf(options.performer),
    tags: listOf(options.tags),
  };
  const entries: Entry[] = [];
  for (const { arg, path } of paths) {
    if (!isDir(path)) {
      const subtitles = subtitleArgs.map((s) => subtitleOf(s, cwd));
      entries.push(entryOf({ ...defaults, file: path, title: title || basename(path, extname(path)), subtitles }, arg, true));
      continue;
    }
    const manifest = readManifest(path);
    if (manifest.rows.length === 0) throw new UsageError(`${join(path, manifest.name)} lists no videos`, NAME);
    manifest.rows.forEach((row, i) => {
      const origin = `${join(arg, manifest.name)} ${manifest.name.endsWith('.csv') ? `row ${i + 2}` : `entry ${i + 1}`}`;
      const file = text(row.file);
      if (!file) throw new UsageError(`${origin}: no file`, NAME);
      const fullPath = resolve(path, file);
      const rowPerformers = listOf(row.performer ?? row.performers);
      const rowTags = listOf(row.tags ?? row.tag);
      entries.push(
        entryOf(
          {
            file: fullPath,
            title: text(row.title) || basename(fullPath, extname(fullPath)),
            description: text(row.description) || defaults.description,
            published: text(row.published) || defaults.published,
            category: text(row.category) || defaults.category,
            performers: rowPerformers.length ? rowPerformers : defaults.performers,
            tags: rowTags.length ? rowTags : defaults.tags,
            subtitles: listOf(row.subtitles ?? row.subtitle).map((s) => subtitleOf(s, dirname(join(path, 'x')))),
          },
          origin,
          false,
        ),
      );
    });
  }
  return entries;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows the imports until each is ready or failed, with one bar for all of them. */
async function follow(client: AdminClient, ids: number[], context: CommandContext): Promise<Map<number, ImportStatus>> {
  const states = new Map<number, ImportStatus>();
  if (ids.length === 0) return states;
  const bar = context.progress(ids.length * 100, ids.length === 1 ? 'transcoding' : `transcoding ${ids.length} videos`);
  let quiet = 0;
  for (;;) {
    const { list } = await client.call<ImportStatusList>(ADMIN_API.videoImportStatus, { ids });
    for (const s of list) states.set(s.importId, s);
    const open = list.filter((s) => s.state === 'processing');
    const done = list.reduce((sum, s) => sum + (s.state === 'processing' ? s.progress : 100), 0);
    const moving = open.some((s) => s.progress > 0);
    quiet = moving ? 0 : quiet + 1;
    const label =
      open.length === 0
        ? 'done'
        : !moving && quiet > 10
          ? `waiting for a job worker (${open.length} queued)`
          : `transcoding ${open.length === 1 ? open[0]!.title : `${open.length} videos`}`;
    bar.update(done, label);
    if (open.length === 0) break;
    await sleep(POLL_MS);
  }
  bar.finish();
  return states;
}

const importVideo: Command<ImportReport> = {
  name: NAME,
  summary: 'Import video files (or a folder with a manifest): transcode, sprite sheet, poster, captions, then the video',
  description: [
    'Each FILE is read by the server on its own machine (paths are made absolute here). It is probed with',
    'ffprobe; a file that is not a video, is empty or has no video stream is skipped with the reason, the',
    'others still import, and the exit code is then 1. The transcode makes the renditions the source fills',
    "of 360p, 720p and 1080p (sound kept when there is some), runs as a job of the site's queue (any worker",
    'may take it; with no server running, this command runs it) and the video appears only once complete.',
    "An import is keyed by the file's content: running the same command again finishes an interrupted one",
    'and never adds a second video.',
    '',
    'Category, performers and tags are names the site has (the category may be its id); an unknown name is',
    'refused with the names there are: an import never creates them.',
    '',
    'A folder imports in bulk from manifest.json (a list of objects) or manifest.csv (a header row), fields:',
    'file (relative to the folder), title, performer, tags, category, subtitles, description, published; lists separated',
    'by ; or |. The options given here are the defaults for rows that leave a field out.',
  ].join('\n'),
  args: [{ name: 'files', description: 'video files, or folders with a manifest', variadic: true }],
  options: {
    title: { type: 'string', placeholder: 'text', description: `the title (one file only; default: the file name), up to ${IMPORT_TITLE_MAX} characters` },
    category: { type: 'string', placeholder: 'name', description: 'the category, by name or id (required unless a manifest names it)' },
    performer: { type: 'string', placeholder: 'name', multiple: true, description: 'a performer by name (a list separated by , also works)' },
    tags: { type: 'string', placeholder: 'names', multiple: true, description: 'video tags by name, separated by ,' },
    subtitles: {
      type: 'string',
      placeholder: 'file.vtt',
      multiple: true,
      description: 'a WebVTT caption file, its language from its name (movie.en.vtt) or given as en=file.vtt',
    },
    description: { type: 'string', placeholder: 'text', description: 'the description shown under the video' },
    published: {
      type: 'string',
      placeholder: 'date',
      description: 'when it was first published, such as 2024-05-01 (a back catalogue keeps its dates); default: now',
    },
    'no-wait': { type: 'boolean', description: 'queue the imports and return without waiting for the transcodes' },
  },
  examples: [
    `${NAME} ./trip.mp4 --title 山间徒步 --category 旅行 --performer 江一帆 --tags 户外,航拍 --subtitles ./trip.zh.vtt`,
    `${NAME} ./a.mp4 ./b.mkv --category 101 --json`,
    `${NAME} ./batch/   (with batch/manifest.csv: file,title,performer,tags,category,subtitles)`,
  ],
  async run(context) {
    const { args, options, admin, note } = context;
    const entries = entriesOf(args.files as string[], options);
    const client = await admin();
    const report: ImportReport = { imported: [], skipped: [], failed: [], pending: [] };
    const started: { entry: Entry; result: VideoImportResult }[] = [];
    let sharedRefusal: string | null = null;
    for (const entry of entries) {
      if (entry.shared && sharedRefusal) {
        report.failed.push({ path: entry.body.path, importId: null, message: sharedRefusal });
        continue;
      }
      let result: VideoImportResult;
      try {
        result = await client.call<VideoImportResult>(ADMIN_API.videoImport, entry.body);
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        const message = `${entry.origin}: ${error.message}`;
        note(`md: ${message}`);
        report.failed.push({ path: entry.body.path, importId: null, message });
        // The command line's names and title are the same for every file: the others would be refused alike.
        if (entry.shared) sharedRefusal = error.message;
        continue;
      }
      if (result.outcome === 'skipped') {
        note(`md: ${result.message}`);
        report.skipped.push({ path: result.path, reason: result.skipReason ?? 'not-video', message: result.message });
        continue;
      }
      if (result.probe)
        note(
          `md: ${result.message} (${result.probe.width}x${result.probe.height}, ${result.probe.durationS.toFixed(1)} s, ${result.probe.audio ? 'with sound' : 'silent'}; ${result.probe.renditions.join(', ')})`,
        );
      else note(`md: ${result.message}`);
      started.push({ entry, result });
    }
    const ids = started.filter((s) => s.result.import?.state !== 'ready').map((s) => s.result.import!.importId);
    let states = new Map<number, ImportStatus>();
    if (options['no-wait'] !== true) {
      if (ids.length && client.runImportJobs) {
        note('md: running the transcode here (no server is running)');
        await client.runImportJobs();
      }
      states = await follow(client, ids, context);
    }
    for (const { result } of started) {
      const s = states.get(result.import!.importId) ?? result.import!;
      if (s.state === 'ready') report.imported.push({ path: result.path, importId: s.importId, videoId: s.videoId!, outcome: result.outcome });
      else if (s.state === 'failed') {
        const message = `import ${s.importId} of ${result.path} failed: ${s.failReason ?? 'transcode failed'}`;
        note(`md: ${message}`);
        report.failed.push({ path: result.path, importId: s.importId, message });
      } else report.pending.push({ path: result.path, importId: s.importId, state: s.state, progress: s.progress });
    }
    if (report.skipped.length || report.failed.length) context.exitCode = 1;
    return report;
  },
  print(report, out) {
    for (const i of report.imported) out(`imported ${i.path}: video ${i.videoId}${i.outcome === 'already-imported' ? ' (already there; nothing added)' : ''}`);
    for (const p of report.pending) out(`queued   ${p.path}: import ${p.importId}, ${p.progress}% (follow it by running the same command again)`);
    for (const s of report.skipped) out(`skipped  ${s.path}: ${s.message.replace(/^skipped [^:]*: /, '')}`);
    for (const f of report.failed) out(`failed   ${f.path}: ${f.message}`);
    out(`${report.imported.length} imported, ${report.pending.length} queued, ${report.skipped.length} skipped, ${report.failed.length} failed`);
  },
};

export const IMPORT_COMMANDS: Command[] = [importVideo] as Command[];
