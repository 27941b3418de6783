/**
 * The operators' imports of video files (migration 0026, jobs/video-import.ts). An import is keyed by
 * its file's sha256: starting it again finds the same row (finishing it when it is not done,
 * answering the video when it is), so no file becomes two videos. Its videos row is written only by
 * `finish`, in one transaction with its performers, tags and the counts they show; until then
 * nothing of it is in any list, search, detail or ranking.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Rendition } from '../../../protocol/api.ts';
import { wholeSeconds } from '../../../protocol/duration.ts';
import type { ImportCaption, Schema } from '../schema.ts';
import { writeAudit, type Actor } from './operators.ts';

/** Tags a video may carry: the video tags (tag categories of content type 2). */
const VIDEO_CONTENT_TYPE = 2;
/** How many known names a refusal lists before "…". */
const KNOWN_LISTED = 60;

export type ImportState = 'processing' | 'ready' | 'failed';

export interface ImportNames {
  category: string;
  performers: string[];
  tags: string[];
}

export interface ResolvedNames {
  categoryId: number;
  actressIds: number[];
  tagIds: number[];
}

/** A name the site does not have, with the names it does have (for the refusal). */
export interface UnknownNames {
  what: 'category' | 'performer' | 'tag';
  unknown: string[];
  known: string[];
  more: number;
}

export interface NewImport extends ResolvedNames {
  contentHash: string;
  sourcePath: string;
  sourceSize: number;
  title: string;
  description: string;
  captions: ImportCaption[];
  /** The video's publication date, when it was published before (a back catalogue); else null. */
  publishedAt: Date | null;
}

export interface ImportRecord {
  id: number;
  state: ImportState;
  progress: number;
  failReason: string | null;
  videoId: number | null;
  title: string;
  sourcePath: string;
  clip: string;
}

/** What the job reads of an import. */
export interface ImportForJob {
  id: number;
  clip: string;
  sourcePath: string;
  sourceSize: number;
  state: ImportState;
  captions: ImportCaption[];
}

export interface ImportedMedia {
  renditions: Rendition[];
  durationS: number;
  poster: string;
  posterWidth: number;
  posterHeight: number;
}

/** What starting an import did: made it, found it finished, or (re)queued an unfinished one. */
export type StartOutcome = 'created' | 'resumed' | 'already-imported';

/** The clip (DASH folder and picture names) of a file: from its hash, so every run of one file names the same files. */
export const importClip = (contentHash: string) => `import-${contentHash.slice(0, 20)}`;

const uniq = <T>(values: T[]) => [...new Set(values)];

export function videoImportsRepository(db: Kysely<Schema>) {
  const record = (r: {
    id: number;
    state: ImportState;
    progress: number;
    fail_reason: string | null;
    video_id: number | null;
    title: string;
    source_path: string;
    clip: string;
  }): ImportRecord => ({
    id: r.id,
    state: r.state,
    progress: r.state === 'ready' ? 100 : r.progress,
    failReason: r.fail_reason,
    videoId: r.video_id,
    title: r.title,
    sourcePath: r.source_path,
    clip: r.clip,
  });

  return {
    /**
     * The ids of a category (its name, or its id as digits), performers and video tags named by the
     * operator; or the first kind of name the site lacks, with the names it has. Unknown names are
     * refused rather than created: a typo must not add a performer or a tag to the site.
     */
    async resolveNames(names: ImportNames): Promise<ResolvedNames | UnknownNames> {
      const categories = await db.selectFrom('categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
      const wanted = names.category.trim();
      const category = categories.find((c) => c.name === wanted) ?? (/^\d+$/.test(wanted) ? categories.find((c) => c.id === Number(wanted)) : undefined);
      if (!category) return { what: 'category', unknown: [wanted], known: categories.map((c) => `${c.name} (${c.id})`), more: 0 };

      const performers = uniq(names.performers.map((n) => n.trim()).filter(Boolean));
      const actresses = performers.length
        ? await db.selectFrom('actresses').select(['id', 'name']).where('name', 'in', performers).orderBy('id').execute()
        : [];
      const missingPerformers = performers.filter((n) => !actresses.some((a) => a.name === n));
      if (missingPerformers.length) {
        const known = await db
          .selectFrom('actresses')
          .select('name')
          .orderBy('id')
          .limit(KNOWN_LISTED + 1)
          .execute();
        const total = Number((await db.selectFrom('actresses').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        return {
          what: 'performer',
          unknown: missingPerformers,
          known: known.slice(0, KNOWN_LISTED).map((a) => a.name),
          more: Math.max(0, total - KNOWN_LISTED),
        };
      }

      const tagNames = uniq(names.tags.map((n) => n.trim()).filter(Boolean));
      const tags = tagNames.length
        ? await db
            .selectFrom('tags')
            .select(['id', 'name'])
            .where('content_type', '=', VIDEO_CONTENT_TYPE)
            .where('name', 'in', tagNames)
            .orderBy('id')
            .execute()
        : [];
      const missingTags = tagNames.filter((n) => !tags.some((t) => t.name === n));
      if (missingTags.length) {
        const known = await db.selectFrom('tags').select('name').where('content_type', '=', VIDEO_CONTENT_TYPE).orderBy('sort').orderBy('id').execute();
        const all = uniq(known.map((t) => t.name));
        return { what: 'tag', unknown: missingTags, known: all.slice(0, KNOWN_LISTED), more: Math.max(0, all.length - KNOWN_LISTED) };
      }
      return {
        categoryId: category.id,
        // A name two performers share links the first; names are the operator's way to say who.
        actressIds: performers.map((n) => actresses.find((a) => a.name === n)!.id),
        tagIds: tagNames.map((n) => tags.find((t) => t.name === n)!.id),
      };
    },

    /**
     * Starts the import of one file, in one transaction: a new row, or the row of the same content
     * (locked, so two runs of one file at once make one row and one job). An unfinished or failed
     * import takes the latest metadata and is queued again; a finished one is answered as it is.
     * `queue` queues the job inside the transaction (it exists only if the row does).
     */
    async start(
      input: NewImport,
      actor: Actor,
      queue: (trx: Transaction<Schema>, importId: number) => Promise<void>,
    ): Promise<{ outcome: StartOutcome; record: ImportRecord }> {
      return db.transaction().execute(async (trx) => {
        const values = {
          source_path: input.sourcePath,
          source_size: input.sourceSize,
          title: input.title,
          description: input.description,
          category_id: input.categoryId,
          actress_ids: input.actressIds,
          tag_ids: input.tagIds,
          captions: JSON.stringify(input.captions),
          published_at: input.publishedAt,
        };
        const inserted = await trx
          .insertInto('video_imports')
          .values({ ...values, content_hash: input.contentHash, clip: importClip(input.contentHash), created_by: actor.actor })
          .onConflict((oc) => oc.column('content_hash').doNothing())
          .returning('id')
          .executeTakeFirst();
        const row = await trx.selectFrom('video_imports').selectAll().where('content_hash', '=', input.contentHash).forUpdate().executeTakeFirstOrThrow();
        let outcome: StartOutcome = inserted ? 'created' : 'resumed';
        // A finished import whose video an operator removed since is made again.
        if (!inserted && row.state === 'ready' && row.video_id !== null) outcome = 'already-imported';
        else {
          if (!inserted)
            await trx
              .updateTable('video_imports')
              .set({ ...values, state: 'processing', fail_reason: null, progress: row.state === 'failed' ? 0 : row.progress, updated_at: new Date() })
              .where('id', '=', row.id)
              .execute();
          await queue(trx, row.id);
        }
        await writeAudit(trx, actor, {
          action: 'video.import',
          targetType: 'import',
          targetId: row.id,
          details: { outcome, path: input.sourcePath, sha256: input.contentHash, title: input.title, videoId: row.video_id },
        });
        const fresh = await trx.selectFrom('video_imports').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        return { outcome, record: record(fresh) };
      });
    },

    async list(ids: number[]): Promise<ImportRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('video_imports').selectAll().where('id', 'in', ids).execute();
      return ids
        .map((id) => rows.find((r) => r.id === id))
        .filter((r): r is NonNullable<typeof r> => !!r)
        .map(record);
    },

    async forJob(id: number): Promise<ImportForJob | undefined> {
      const r = await db
        .selectFrom('video_imports')
        .select(['id', 'clip', 'source_path', 'source_size', 'state', 'captions'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { id: r.id, clip: r.clip, sourcePath: r.source_path, sourceSize: Number(r.source_size), state: r.state, captions: r.captions };
    },

    async setProgress(id: number, percent: number): Promise<void> {
      await db.updateTable('video_imports').set({ progress: percent }).where('id', '=', id).where('state', '=', 'processing').execute();
    },

    /**
     * Once every file is in place, in one transaction: the clip, the listed videos row with its
     * performers and tags (their counts raised), and the import ready. A second run finds the import
     * ready and changes nothing (answers null).
     */
    async finish(id: number, media: ImportedMedia): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('video_imports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!r || r.state !== 'processing') return null;
        const duration = Math.max(1, wholeSeconds(media.durationS));
        const renditions = JSON.stringify(media.renditions);
        await trx
          .insertInto('clips')
          .values({ name: r.clip, duration, renditions })
          .onConflict((oc) => oc.column('name').doUpdateSet({ duration, renditions }))
          .execute();
        const videoId = r.video_id ?? Number((await sql<{ id: string }>`SELECT nextval('work_video_ids') AS id`.execute(trx)).rows[0]!.id);
        const tags = r.tag_ids.length ? await trx.selectFrom('tags').select(['id', 'name']).where('id', 'in', r.tag_ids).execute() : [];
        const video = {
          category_id: r.category_id,
          title: r.title,
          description: r.description,
          clip: r.clip,
          cover: media.poster,
          cover_width: media.posterWidth,
          cover_height: media.posterHeight,
          poster: media.poster,
          duration,
          tags: r.tag_ids.map((t) => tags.find((x) => x.id === t)?.name).filter((n): n is string => !!n),
          listed: true,
        };
        await trx
          .insertInto('videos')
          .values({ id: videoId, ...video, play_count: 0, like_count: 0, comment_count: 0, collect_count: 0, created_at: r.published_at ?? new Date() })
          .onConflict((oc) => oc.column('id').doUpdateSet(video))
          .execute();
        const actressIds = r.actress_ids;
        const tagIds = tags.map((t) => t.id);
        if (actressIds.length) {
          await trx
            .insertInto('video_actresses')
            .values(actressIds.map((actress_id) => ({ video_id: videoId, actress_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
          await trx
            .updateTable('actresses')
            .set({ video_count: sql`(select count(*) from video_actresses va where va.actress_id = actresses.id)` })
            .where('id', 'in', actressIds)
            .execute();
        }
        if (tagIds.length) {
          await trx
            .insertInto('video_tags')
            .values(tagIds.map((tag_id) => ({ video_id: videoId, tag_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
          await trx
            .updateTable('tags')
            .set({ item_count: sql`(select count(*) from video_tags x where x.tag_id = tags.id)` })
            .where('id', 'in', tagIds)
            .execute();
        }
        await trx
          .updateTable('video_imports')
          .set({ state: 'ready', progress: 100, fail_reason: null, video_id: videoId, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        return videoId;
      });
    },

    /** The import failed for good (only while processing). */
    async fail(id: number, reason: string): Promise<void> {
      await db
        .updateTable('video_imports')
        .set({ state: 'failed', fail_reason: reason.slice(0, 500), updated_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'processing')
        .execute();
    },
  };
}

export type VideoImportsRepository = ReturnType<typeof videoImportsRepository>;
