import { sql, type Insertable, type Kysely } from 'kysely';
import type { AdvertiseTable, CategoryTable, ClipTable, MessageTable, PostTable, Schema, VideoTable } from '../schema.ts';
import type { PostExtras } from '../../seed/posts.ts';

const SEED_MARKER = 'seeded_at';
/** Set with the demo announcements, so announcements an operator removes are not seeded again. */
const ANNOUNCEMENTS_MARKER = 'seeded_announcements_at';
const POST_EXTRAS_MARKER = 'seeded_post_extras_at';
/** Posts members publish are numbered from here (migration 0018); seeded ones sit below. */
const FIRST_MEMBER_POST_ID = 100_001;

export interface SeedData {
  categories: Insertable<CategoryTable>[];
  clips: Insertable<ClipTable>[];
  videos: Insertable<VideoTable>[];
  advertise: Insertable<AdvertiseTable>[];
}

/** The tables of the browsing content, in the order they are filled (each after what it refers to). */
export const CONTENT_TABLES = [
  'videos',
  'tag_categories',
  'tags',
  'actresses',
  'actress_tags',
  'video_actresses',
  'video_tags',
  'topics',
  'topic_videos',
  'reviews',
  'review_tags',
  'banners',
] as const satisfies (keyof Schema)[];

/** The rows of the browsing content, by table. */
export type ContentData = { [T in (typeof CONTENT_TABLES)[number]]: Insertable<Schema[T]>[] };

export function seedRepository(db: Kysely<Schema>) {
  return {
    async isSeeded(): Promise<boolean> {
      const row = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_MARKER).executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts the catalogue and the marker in one transaction, so a crash mid-seed leaves nothing. */
    async insert(data: SeedData): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('categories').values(data.categories).execute();
        await trx.insertInto('clips').values(data.clips).execute();
        await trx.insertInto('videos').values(data.videos).execute();
        await trx.insertInto('advertise').values(data.advertise).execute();
        await trx.insertInto('app_meta').values({ key: SEED_MARKER, value: new Date().toISOString() }).execute();
      });
    },

    /**
     * Adds the browsing content (creators, tags, topics, reviews, banners, more videos) once, in one
     * transaction, to a database seeded before it existed as well as to a new one. Returns whether
     * it inserted now.
     */
    async insertContent(data: ContentData): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('actresses').select('id').limit(1).executeTakeFirst();
        if (existing) return false;
        for (const table of CONTENT_TABLES) {
          // Each table's rows fit its table; the union of tables hides that from the compiler.
          const insert = trx.insertInto(table).values(data[table] as never);
          // Videos already there are kept; every other table is new with the content.
          await (table === 'videos' ? insert.onConflict((oc) => oc.doNothing()) : insert).execute();
        }
        // Derived counts are computed from the links, so they agree with what the lists show.
        await trx
          .updateTable('actresses')
          .set({
            video_count: sql`(select count(*) from video_actresses va where va.actress_id = actresses.id)`,
            play_count: sql`(select coalesce(sum(v.play_count), 0) from video_actresses va join videos v on v.id = va.video_id where va.actress_id = actresses.id)`,
          })
          .execute();
        await trx
          .updateTable('tags')
          .set({
            item_count: sql`case when tags.content_type = 8
              then (select count(*) from actress_tags x where x.tag_id = tags.id)
              else (select count(*) from video_tags x where x.tag_id = tags.id) end`,
          })
          .execute();
        return true;
      });
    },

    /** Adds the discussion posts once (their own guard: databases seeded before posts existed gain them). */
    async insertPosts(posts: Insertable<PostTable>[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('posts').select('id').limit(1).executeTakeFirst();
        if (existing) return false;
        await trx.insertInto('posts').values(posts).execute();
        return true;
      });
    },

    /** Adds the discussion tags and the seeded posts' tags, pictures and prices once (a marker row guards them). */
    async insertPostExtras(extras: PostExtras): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('app_meta')
          .values({ key: POST_EXTRAS_MARKER, value: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!marked) return false;
        const tags = await trx
          .insertInto('post_tags')
          .values(extras.tags)
          .onConflict((oc) => oc.column('name').doNothing())
          .returning(['id', 'name'])
          .execute();
        const idOf = new Map(tags.map((t) => [t.name, t.id]));
        const existing = new Set((await trx.selectFrom('posts').select('id').execute()).map((p) => p.id));
        const posts = extras.posts.filter((p) => existing.has(p.id));
        const links = posts.flatMap((p) => p.tags.flatMap((name) => (idOf.has(name) ? [{ post_id: p.id, tag_id: idOf.get(name)! }] : [])));
        if (links.length > 0)
          await trx
            .insertInto('post_tag_links')
            .values(links)
            .onConflict((oc) => oc.doNothing())
            .execute();
        // The seeded counts were invented before posts had comments: they now count the real ones.
        await trx
          .updateTable('posts')
          .set({ comment_count: sql`(SELECT count(*) FROM comments c WHERE c.content_type = 5 AND c.content_id = posts.id)` })
          .where('id', '<', FIRST_MEMBER_POST_ID)
          .execute();
        for (const p of posts) {
          if (p.images.length === 0 && p.price === 0) continue;
          await trx
            .updateTable('posts')
            .set({ images: JSON.stringify(p.images), price: p.price })
            .where('id', '=', p.id)
            .execute();
        }
        return true;
      });
    },

    /** Adds the demo announcements once (a marker row guards them; databases seeded earlier gain them too). */
    async insertAnnouncements(rows: Insertable<MessageTable>[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('app_meta')
          .values({ key: ANNOUNCEMENTS_MARKER, value: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!marked) return false;
        await trx.insertInto('messages').values(rows).execute();
        return true;
      });
    },

    /**
     * Stores the real length of encoded demo clips (whole seconds, protocol/duration.ts) on the clip
     * and on the catalogue's videos that play it, where they differ. Answers the videos changed.
     */
    async syncClipDurations(clips: { name: string; duration: number }[]): Promise<number> {
      if (clips.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const clip of clips) {
          await trx.updateTable('clips').set({ duration: clip.duration }).where('name', '=', clip.name).where('duration', '<>', clip.duration).execute();
          const result = await trx
            .updateTable('videos')
            .set({ duration: clip.duration })
            .where('clip', '=', clip.name)
            .where('owner_id', 'is', null)
            .where('duration', '<>', clip.duration)
            .executeTakeFirst();
          changed += Number(result.numUpdatedRows);
        }
        return changed;
      });
    },

    /**
     * A demo clip encoded after the first start joins the catalogue: its row, then the videos given
     * it (`videoIds`, catalogue videos only) move to it with its length, in one transaction. Answers
     * the videos moved (none when they already play it).
     */
    async adoptClip(clip: Insertable<ClipTable>, videoIds: number[]): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('clips')
          .values(clip)
          .onConflict((oc) => oc.column('name').doUpdateSet({ duration: clip.duration, renditions: clip.renditions }))
          .execute();
        if (videoIds.length === 0) return 0;
        const result = await trx
          .updateTable('videos')
          .set({ clip: clip.name, duration: clip.duration })
          .where('id', 'in', videoIds)
          .where('owner_id', 'is', null)
          .where((eb) => eb.or([eb('clip', '<>', clip.name), eb('duration', '<>', clip.duration)]))
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },
  };
}
