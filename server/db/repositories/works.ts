import { sql, type Kysely, type Transaction } from 'kysely';
import type { Rendition } from '../../../protocol/api.ts';
import type { MyWork, WorkCollection, WorkTagChoices } from '../../../protocol/contracts/works.ts';
import { COLLECTIONS_MAX, type WorkFailReason, type WorkState } from '../../../protocol/works-api.ts';
import type { Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';
import { wholeSeconds } from '../../../protocol/duration.ts';

/** Tags a work may carry: the video tags of the catalogue (tag categories of content type 2). */
const VIDEO_CONTENT_TYPE = 2;

export interface UploadRow {
  userId: number;
  size: number;
  state: 'uploading' | 'complete' | 'used';
}

export interface NewWork {
  userId: number;
  uploadId: string;
  clip: string;
  title: string;
  description: string;
  categoryId: number;
  tagIds: number[];
  collectionId: number | null;
  review: 'published' | 'pending';
  isPublic: boolean;
}

export interface WorkChanges {
  title?: string;
  description?: string;
  categoryId?: number;
  tagIds?: number[];
  collectionId?: number | null;
}

/** What the transcode job reads of a work. */
export interface WorkForJob {
  id: number;
  userId: number;
  uploadId: string;
  clip: string;
  state: 'processing' | 'ready' | 'failed';
}

/** What the transcode job hands over once every file is in place. */
export interface FinishedMedia {
  renditions: Rendition[];
  durationS: number;
  width: number;
  height: number;
  /** The poster's image path (masked, with its widths) and size; it is the cover too. */
  poster: string;
  posterWidth: number;
  posterHeight: number;
}

export type PostRefusal = 'bad-upload' | 'bad-category' | 'bad-tags' | 'bad-collection';
export type ModifyRefusal = 'not-found' | 'bad-category' | 'bad-tags' | 'bad-collection';

/** A video row of a work is listed only when all three hold. */
const listedOf = (w: { state: string; review: string; is_public: boolean }) => w.state === 'ready' && w.review === 'published' && w.is_public;

function stateOf(r: { state: string; review: string }): WorkState {
  if (r.state === 'processing' || r.state === 'failed') return r.state;
  if (r.review === 'rejected' || r.review === 'pending') return r.review;
  return 'ready';
}

/** Sets the video row of a work to what the work says (title, texts, category, tags, listed); moderation uses it too. */
export async function syncWorkVideo(trx: Transaction<Schema>, workId: number): Promise<number | null> {
  const w = await trx
    .selectFrom('works')
    .select(['video_id', 'title', 'description', 'category_id', 'tag_ids', 'state', 'review', 'is_public'])
    .where('id', '=', workId)
    .executeTakeFirstOrThrow();
  if (w.video_id === null) return null;
  const tags = w.tag_ids.length ? await trx.selectFrom('tags').select(['id', 'name']).where('id', 'in', w.tag_ids).execute() : [];
  await trx
    .updateTable('videos')
    .set({
      title: w.title,
      description: w.description,
      category_id: w.category_id,
      tags: w.tag_ids.map((id) => tags.find((t) => t.id === id)?.name).filter((n): n is string => !!n),
      listed: listedOf(w),
    })
    .where('id', '=', w.video_id)
    .execute();
  await trx.deleteFrom('video_tags').where('video_id', '=', w.video_id).execute();
  if (w.tag_ids.length)
    await trx
      .insertInto('video_tags')
      .values(w.tag_ids.map((tag_id) => ({ video_id: w.video_id!, tag_id })))
      .execute();
  return w.video_id;
}

export function worksRepository(db: Kysely<Schema>) {
  /** The member's works with everything MyWork shows, in one query. */
  function mineQuery(userId: number) {
    return db
      .selectFrom('works as w')
      .leftJoin('videos as v', 'v.id', 'w.video_id')
      .leftJoin('work_collections as c', 'c.id', 'w.collection_id')
      .where('w.user_id', '=', userId)
      .select([
        'w.id',
        'w.title',
        'w.description',
        'w.category_id',
        'w.state',
        'w.review',
        'w.progress',
        'w.fail_reason',
        'w.reject_reason',
        'w.is_public',
        'w.video_id',
        'w.duration',
        'w.created_at',
        'c.id as collection_id',
        'c.name as collection_name',
        'v.cover',
        'v.cover_width',
        'v.cover_height',
        'v.play_count',
        sql<{ id: number; name: string }[]>`coalesce((
          SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY array_position(w.tag_ids, t.id))
          FROM tags t WHERE t.id = ANY(w.tag_ids)), '[]'::json)`.as('tag_list'),
      ]);
  }
  type MineRow = Awaited<ReturnType<ReturnType<typeof mineQuery>['execute']>>[number];

  function toWork(r: MineRow): MyWork {
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      categoryId: r.category_id,
      tags: r.tag_list,
      collection: r.collection_id !== null && r.collection_name !== null ? { id: r.collection_id, name: r.collection_name } : null,
      state: stateOf(r),
      progress: r.state === 'ready' ? 100 : r.progress,
      failReason: r.state === 'failed' ? ((r.fail_reason ?? 'transcode-failed') as WorkFailReason) : null,
      rejectReason: r.review === 'rejected' ? (r.reject_reason ?? '') : null,
      isPublic: r.is_public,
      videoId: r.video_id,
      cover: r.cover ?? '',
      coverWidth: r.cover_width ?? 0,
      coverHeight: r.cover_height ?? 0,
      duration: r.duration,
      views: r.play_count ?? 0,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  /** Checks a work's category, tags and collection inside `trx`; answers the tags' names, or what is wrong. */
  async function checkChoices(
    trx: Transaction<Schema>,
    userId: number,
    choice: { categoryId?: number; tagIds?: number[]; collectionId?: number | null },
  ): Promise<{ tagNames?: string[] } | Exclude<PostRefusal, 'bad-upload'>> {
    if (choice.categoryId !== undefined) {
      const category = await trx.selectFrom('categories').select('id').where('id', '=', choice.categoryId).executeTakeFirst();
      if (!category) return 'bad-category';
    }
    let tagNames: string[] | undefined;
    if (choice.tagIds !== undefined) {
      const tags =
        choice.tagIds.length === 0
          ? []
          : await trx.selectFrom('tags').select(['id', 'name']).where('id', 'in', choice.tagIds).where('content_type', '=', VIDEO_CONTENT_TYPE).execute();
      if (tags.length !== choice.tagIds.length) return 'bad-tags';
      tagNames = choice.tagIds.map((id) => tags.find((t) => t.id === id)!.name);
    }
    if (choice.collectionId !== undefined && choice.collectionId !== null) {
      const collection = await trx
        .selectFrom('work_collections')
        .select('id')
        .where('id', '=', choice.collectionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!collection) return 'bad-collection';
    }
    return { tagNames };
  }

  const syncVideo = syncWorkVideo;

  return {
    // Tickets and uploads ---------------------------------------------------------------------------

    async issueTicket(ticketHash: string, userId: number, maxBytes: number, expiresAt: Date): Promise<void> {
      await db.insertInto('upload_tickets').values({ ticket_hash: ticketHash, user_id: userId, max_bytes: maxBytes, expires_at: expiresAt }).execute();
    },

    /** The member and limit of a live ticket. */
    async ticket(ticketHash: string): Promise<{ userId: number; maxBytes: number } | undefined> {
      const row = await db
        .selectFrom('upload_tickets')
        .select(['user_id', 'max_bytes'])
        .where('ticket_hash', '=', ticketHash)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row && { userId: row.user_id, maxBytes: Number(row.max_bytes) };
    },

    /**
     * Creates the upload a ticket allows: the ticket is used up by the same statement that checks
     * it, so one ticket makes one upload however many creations race. False when it is used or gone.
     */
    async createUpload(ticketHash: string, uploadId: string, userId: number, size: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('upload_tickets')
          .set({ upload_id: uploadId })
          .where('ticket_hash', '=', ticketHash)
          .where('user_id', '=', userId)
          .where('upload_id', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await trx.insertInto('video_uploads').values({ id: uploadId, user_id: userId, size }).execute();
        return true;
      });
    },

    async upload(id: string): Promise<UploadRow | undefined> {
      const row = await db.selectFrom('video_uploads').select(['user_id', 'size', 'state']).where('id', '=', id).executeTakeFirst();
      return row && { userId: row.user_id, size: Number(row.size), state: row.state };
    },

    async completeUpload(id: string): Promise<void> {
      await db
        .updateTable('video_uploads')
        .set({ state: 'complete', completed_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'uploading')
        .execute();
    },

    /** A terminated upload (tus DELETE) is forgotten unless a work uses it. */
    async removeUpload(id: string): Promise<void> {
      await db.deleteFrom('video_uploads').where('id', '=', id).where('state', '<>', 'used').execute();
    },

    /** The row of an upload whose work is transcoded (its file is gone). */
    async forgetUpload(id: string): Promise<void> {
      await db.deleteFrom('video_uploads').where('id', '=', id).execute();
    },

    /**
     * Takes (deletes and answers) up to `limit` uploads no work uses: unfinished ones created before
     * `unfinishedBefore`, finished ones before `finishedBefore`. Rows another sweeper holds are skipped.
     */
    async takeAbandonedUploads(unfinishedBefore: Date, finishedBefore: Date, limit: number): Promise<string[]> {
      const rows = await db
        .deleteFrom('video_uploads')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('video_uploads')
            .select('id')
            .where((w) =>
              w.or([
                w.and([w('state', '=', 'uploading'), w('created_at', '<', unfinishedBefore)]),
                w.and([w('state', '=', 'complete'), w('created_at', '<', finishedBefore)]),
              ]),
            )
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .where('state', '<>', 'used')
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async purgeTickets(before: Date): Promise<void> {
      await db.deleteFrom('upload_tickets').where('expires_at', '<', before).execute();
    },

    // Works -------------------------------------------------------------------------------------------

    /**
     * Makes a finished upload of the member a work in state processing, in one transaction: the
     * upload locked and marked used (another member's, an unfinished or a used one is refused), the
     * category, tags and collection checked, then `queue(trx, workId)` queues its transcode, so the
     * work and its job exist together or not at all.
     */
    async post(input: NewWork, queue: (trx: Transaction<Schema>, workId: number) => Promise<void>): Promise<number | PostRefusal> {
      return db.transaction().execute(async (trx) => {
        const upload = await trx
          .selectFrom('video_uploads')
          .select('state')
          .where('id', '=', input.uploadId)
          .where('user_id', '=', input.userId)
          .forUpdate()
          .executeTakeFirst();
        if (!upload || upload.state !== 'complete') return 'bad-upload';
        const checked = await checkChoices(trx, input.userId, input);
        if (typeof checked === 'string') return checked;
        await trx.updateTable('video_uploads').set({ state: 'used' }).where('id', '=', input.uploadId).execute();
        const work = await trx
          .insertInto('works')
          .values({
            user_id: input.userId,
            upload_id: input.uploadId,
            clip: input.clip,
            title: input.title,
            description: input.description,
            category_id: input.categoryId,
            tag_ids: input.tagIds,
            collection_id: input.collectionId,
            review: input.review,
            is_public: input.isPublic,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queue(trx, work.id);
        return work.id;
      });
    },

    mine(userId: number, offset: number, limit: number, collectionId?: number): Promise<Paged<MyWork>> {
      let query = mineQuery(userId);
      if (collectionId !== undefined) query = query.where('w.collection_id', '=', collectionId);
      return page(query.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc'), offset, limit, (rows) => rows.map(toWork));
    },

    /** One of the member's works; undefined when it is not theirs or not there. */
    async one(userId: number, id: number): Promise<MyWork | undefined> {
      const row = await mineQuery(userId).where('w.id', '=', id).executeTakeFirst();
      return row && toWork(row);
    },

    /** Edits the member's own work and its video row; answers the video id (null before transcoding) or why not. */
    async modify(userId: number, id: number, changes: WorkChanges): Promise<{ videoId: number | null } | ModifyRefusal> {
      return db.transaction().execute(async (trx) => {
        const work = await trx.selectFrom('works').select('id').where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!work) return 'not-found';
        const checked = await checkChoices(trx, userId, changes);
        if (typeof checked === 'string') return checked;
        await trx
          .updateTable('works')
          .set({
            ...(changes.title !== undefined && { title: changes.title }),
            ...(changes.description !== undefined && { description: changes.description }),
            ...(changes.categoryId !== undefined && { category_id: changes.categoryId }),
            ...(changes.tagIds !== undefined && { tag_ids: changes.tagIds }),
            ...(changes.collectionId !== undefined && { collection_id: changes.collectionId }),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
        return { videoId: await syncVideo(trx, id) };
      });
    },

    /** Public or private; the video row is listed or not to match. Undefined when the work is not the member's. */
    async setPublic(userId: number, id: number, isPublic: boolean): Promise<{ videoId: number | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('works')
          .set({ is_public: isPublic, updated_at: new Date() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return undefined;
        return { videoId: await syncVideo(trx, id) };
      });
    },

    async tagChoices(): Promise<WorkTagChoices> {
      const [categories, groups, tags] = await Promise.all([
        db.selectFrom('categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
        db.selectFrom('tag_categories').select(['id', 'name']).where('content_type', '=', VIDEO_CONTENT_TYPE).orderBy('sort').orderBy('id').execute(),
        db
          .selectFrom('tags')
          .select(['id', 'name', 'category_id'])
          .where('content_type', '=', VIDEO_CONTENT_TYPE)
          .orderBy('category_id')
          .orderBy('sort')
          .orderBy('id')
          .execute(),
      ]);
      return {
        categories,
        groups: groups.map((g) => ({ ...g, tags: tags.filter((t) => t.category_id === g.id).map(({ id, name }) => ({ id, name })) })),
      };
    },

    // The transcode job -------------------------------------------------------------------------------

    async forJob(id: number): Promise<WorkForJob | undefined> {
      const row = await db.selectFrom('works').select(['id', 'user_id', 'upload_id', 'clip', 'state']).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, userId: row.user_id, uploadId: row.upload_id, clip: row.clip, state: row.state };
    },

    async setProgress(id: number, percent: number): Promise<void> {
      await db.updateTable('works').set({ progress: percent }).where('id', '=', id).where('state', '=', 'processing').execute();
    },

    async setProbe(id: number, probe: { width: number; height: number; durationS: number }): Promise<void> {
      await db
        .updateTable('works')
        .set({ width: probe.width, height: probe.height, duration: wholeSeconds(probe.durationS) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Once every file is in place: the clip, the video row (listed when published and public) and
     * its tags, and the work ready, in one transaction. A second run finds the work ready and
     * changes nothing (answers null); a work already given a video keeps its id.
     */
    async finish(id: number, media: FinishedMedia): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const w = await trx.selectFrom('works').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!w || w.state !== 'processing') return null;
        const duration = Math.max(1, wholeSeconds(media.durationS));
        await trx
          .insertInto('clips')
          .values({ name: w.clip, duration, renditions: JSON.stringify(media.renditions) })
          .onConflict((oc) => oc.column('name').doUpdateSet({ duration, renditions: JSON.stringify(media.renditions) }))
          .execute();
        const videoId = w.video_id ?? Number((await sql<{ id: string }>`SELECT nextval('work_video_ids') AS id`.execute(trx)).rows[0]!.id);
        const row = {
          category_id: w.category_id,
          title: w.title,
          description: w.description,
          clip: w.clip,
          cover: media.poster,
          cover_width: media.posterWidth,
          cover_height: media.posterHeight,
          poster: media.poster,
          duration,
          owner_id: w.user_id,
        };
        await trx
          .insertInto('videos')
          .values({ id: videoId, ...row, play_count: 0, like_count: 0, comment_count: 0, collect_count: 0, tags: [], listed: false })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
        await trx
          .updateTable('works')
          .set({ state: 'ready', progress: 100, video_id: videoId, width: media.width, height: media.height, duration, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await syncVideo(trx, id);
        return videoId;
      });
    },

    /** The work failed for good (only while processing: a finished work stays as it is). */
    async fail(id: number, reason: WorkFailReason): Promise<void> {
      await db
        .updateTable('works')
        .set({ state: 'failed', fail_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'processing')
        .execute();
    },

    // Collections -------------------------------------------------------------------------------------

    collections(userId: number, offset: number, limit: number): Promise<Paged<WorkCollection>> {
      const query = db
        .selectFrom('work_collections as c')
        .where('c.user_id', '=', userId)
        .select(['c.id', 'c.name', 'c.created_at'])
        .select((eb) =>
          eb
            .selectFrom('works')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('works.collection_id', '=', 'c.id')
            .as('work_count'),
        )
        .orderBy('c.id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({ id: r.id, name: r.name, workCount: Number(r.work_count ?? 0), createdAt: new Date(r.created_at).toISOString() })),
      );
    },

    /** A new collection; 'full' when the member has COLLECTIONS_MAX (counted under the member's row lock, so racing creations keep the limit). */
    async createCollection(userId: number, name: string): Promise<WorkCollection | 'full'> {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
        const { n } = await trx
          .selectFrom('work_collections')
          .select(sql<string>`count(*)`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= COLLECTIONS_MAX) return 'full';
        const row = await trx
          .insertInto('work_collections')
          .values({ user_id: userId, name })
          .returning(['id', 'name', 'created_at'])
          .executeTakeFirstOrThrow();
        return { id: row.id, name: row.name, workCount: 0, createdAt: new Date(row.created_at).toISOString() };
      });
    },

    /** Renames the member's own collection; undefined when it is not theirs. */
    async renameCollection(userId: number, id: number, name: string): Promise<WorkCollection | undefined> {
      const row = await db
        .updateTable('work_collections')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirst();
      if (!row) return undefined;
      const { n } = await db
        .selectFrom('works')
        .select(sql<string>`count(*)`.as('n'))
        .where('collection_id', '=', id)
        .executeTakeFirstOrThrow();
      return { id: row.id, name: row.name, workCount: Number(n), createdAt: new Date(row.created_at).toISOString() };
    },
  };
}

export type WorksRepository = ReturnType<typeof worksRepository>;
