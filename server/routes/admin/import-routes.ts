/**
 * The operators' import (npm run md -- import-video): admin/video/import takes one file on the
 * server's machine, checks the names it is given, probes the file, and starts its import keyed by
 * the file's sha256 (repositories/video-imports.ts), queueing the transcode job (jobs/video-import.ts)
 * in the same transaction; admin/video/import/status follows imports by id. A file that is not a
 * video is not an error of the call: it is answered as skipped with the reason, so a bulk import
 * goes on with the next file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import {
  ADMIN_API,
  IMPORT_DESCRIPTION_MAX,
  IMPORT_SUBTITLE_MAX_BYTES,
  IMPORT_TITLE_MAX,
  pastPublication,
  type ImportSkipReason,
} from '../../../protocol/admin-api.ts';
import { ImportStatusBody, ImportStatusList, VideoImportBody, VideoImportResult, type ImportStatus } from '../../../protocol/contracts/admin.ts';
import type { AppContext } from '../../context.ts';
import { videoImportsRepository, type ImportRecord, type UnknownNames } from '../../db/repositories/video-imports.ts';
import type { ImportCaption } from '../../db/schema.ts';
import { IMPORT_JOB, importJobKey } from '../../jobs/video-import.ts';
import { locateFfmpeg } from '../../media/ffmpeg.ts';
import { locateFfprobe, probeFile } from '../../media/ffprobe.ts';
import { ProbeError } from '../../media/probe.ts';
import { ladderFor } from '../../media/transcode.ts';
import { badRequest } from '../../plugins/api-error.ts';
import type { ApiInstance } from '../schemas.ts';
import { adminEndpoints } from './admin-endpoint.ts';
import { plainText } from './member-ref.ts';

/** How the player's caption menu names a language: in its own words where known. */
const LANGUAGE_LABELS: Record<string, string> = { zh: '中文', en: 'English', ja: '日本語', ko: '한국어', fr: 'Français', de: 'Deutsch', es: 'Español' };
const labelOf = (lang: string) => LANGUAGE_LABELS[lang.toLowerCase()] ?? LANGUAGE_LABELS[lang.split('-')[0]!.toLowerCase()] ?? lang;

const SKIP_MESSAGES: Record<ImportSkipReason, string> = {
  missing: 'no such file',
  'not-a-file': 'not a regular file',
  empty: 'the file is empty (zero bytes)',
  'not-video': 'not a video (ffprobe finds no video container in it)',
  'no-video-stream': 'the file has no video stream (sound only?)',
};

export const refusalOf = (u: UnknownNames) =>
  `unknown ${u.what}${u.unknown.length > 1 ? 's' : ''}: ${u.unknown.join(', ')}. The site has: ${u.known.join(', ')}${u.more ? ` … and ${u.more} more` : ''}` +
  (u.what === 'category' ? '' : ` (names are not created by an import: add the ${u.what} first)`);

const statusOf = (r: ImportRecord): ImportStatus => ({
  importId: r.id,
  state: r.state,
  progress: r.progress,
  videoId: r.videoId,
  failReason: r.failReason,
  title: r.title,
  path: r.sourcePath,
});

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A WebVTT file's text, or a refusal naming the file. */
async function readSubtitle(path: string): Promise<string> {
  if (!isAbsolute(path)) throw badRequest(`subtitle path must be absolute: ${path}`);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw badRequest(`no such subtitle file: ${path}`);
  if (info.size > IMPORT_SUBTITLE_MAX_BYTES) throw badRequest(`subtitle file too large (over ${IMPORT_SUBTITLE_MAX_BYTES} bytes): ${path}`);
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  if (!/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) throw badRequest(`not a WebVTT file (it must begin with WEBVTT): ${path}`);
  return text;
}

/**
 * --published: a date (2024-05-01) or an instant (2024-05-01T08:00:00Z) that is not in the future;
 * a back catalogue keeps its dates, so the newest lists are not led by last night's import.
 */
function publicationOf(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = pastPublication(value);
  if (!date) throw badRequest(`publishedAt must be a date or an ISO instant, not in the future: ${value}`);
  return date;
}

export async function importRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const admin = adminEndpoints(api, ctx);
  const imports = videoImportsRepository(ctx.database.db);
  // Found on first use: a server that never imports never looks for them.
  let tools: { ffmpeg: string; ffprobe: string | null } | undefined;
  const mediaTools = () => (tools ??= { ffmpeg: locateFfmpeg(ctx.config.ffmpegPath), ffprobe: locateFfprobe() });

  admin(
    ADMIN_API.videoImport,
    {
      summary: "Imports a video file on the server's machine: probes it, then queues its transcode to the adaptive ladder, its sprite sheet and poster",
      description:
        'Keyed by the sha256 of the file: the same content again answers its import (finishing it when unfinished), never a second video. ' +
        'A file that is not a video answers outcome skipped with the reason; unknown category, performer or tag names are refused (1005) with the names there are',
      body: VideoImportBody,
      answer: VideoImportResult,
      answerName: 'VideoImportResult',
      changes: true,
    },
    async ({ body, operator }) => {
      if (!isAbsolute(body.path)) throw badRequest(`path must be absolute: ${body.path}`);
      const title = plainText(body.title, IMPORT_TITLE_MAX, '标题');
      const description = (body.description ?? '').trim();
      if (description.length > IMPORT_DESCRIPTION_MAX) throw badRequest(`description must be at most ${IMPORT_DESCRIPTION_MAX} characters`);
      const publishedAt = publicationOf(body.publishedAt);
      const names = await imports.resolveNames({ category: body.category, performers: body.performers, tags: body.tags });
      if ('what' in names) throw badRequest(refusalOf(names));
      const captions: ImportCaption[] = [];
      for (const s of body.subtitles) captions.push({ lang: s.lang, label: labelOf(s.lang), text: await readSubtitle(s.path) });

      const skipped = (reason: ImportSkipReason): VideoImportResult => ({
        outcome: 'skipped',
        path: body.path,
        message: `skipped ${body.path}: ${SKIP_MESSAGES[reason]}`,
        skipReason: reason,
        import: null,
        probe: null,
      });
      const info = await stat(body.path).catch(() => null);
      if (!info) return skipped('missing');
      if (!info.isFile()) return skipped('not-a-file');
      if (info.size === 0) return skipped('empty');
      const { ffmpeg, ffprobe } = mediaTools();
      let probe;
      try {
        probe = await probeFile(ffprobe, ffmpeg, body.path);
      } catch (error) {
        if (error instanceof ProbeError) return skipped(error.reason);
        throw error;
      }
      const contentHash = await sha256Of(body.path);
      const { outcome, record } = await imports.start(
        { contentHash, sourcePath: body.path, sourceSize: info.size, title, description, captions, publishedAt, ...names },
        operator,
        async (trx, importId) => {
          await ctx.queue.enqueue(IMPORT_JOB, { importId }, { dedupeKey: importJobKey(importId), trx });
        },
      );
      // The job was queued inside the transaction: wake this process's worker now that it is committed.
      if (outcome !== 'already-imported') ctx.queue.poke();
      const messages = {
        created: `importing ${body.path} as import ${record.id}`,
        resumed: `resuming import ${record.id} of ${body.path} (the same content was started before)`,
        'already-imported': `already imported: ${body.path} is video ${record.videoId} (import ${record.id}); nothing added`,
      };
      return {
        outcome,
        path: body.path,
        message: messages[outcome],
        skipReason: null,
        import: statusOf(record),
        probe:
          outcome === 'already-imported'
            ? null
            : {
                width: probe.video.width,
                height: probe.video.height,
                durationS: probe.durationS,
                audio: probe.audio !== null,
                renditions: ladderFor(probe.video.width, probe.video.height).map((r) => r.label),
              },
      };
    },
  );

  admin(
    ADMIN_API.videoImportStatus,
    {
      summary: 'The state and progress of imports, by id (the ids admin/video/import answered)',
      body: ImportStatusBody,
      answer: ImportStatusList,
      answerName: 'ImportStatusList',
    },
    async ({ body }) => ({ list: (await imports.list(body.ids)).map(statusOf) }),
  );
}
