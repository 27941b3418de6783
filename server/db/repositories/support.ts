import { sql, type Kysely } from 'kysely';
import type { FaqCategory, FaqEntry, FeedbackCategory, FeedbackReceipt } from '../../../protocol/support-api.ts';
import type { Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';
import { containsPattern } from './search.ts';
import { claimUploads } from './uploads.ts';

/** Set with the demo FAQ and feedback categories, so what operators remove is not seeded again. */
const SUPPORT_MARKER = 'seeded_support_at';

export interface NewFeedback {
  /** The sender: a guest or a member. */
  userId: number;
  categoryId: number;
  content: string;
  contact: string | null;
  /** Paths of the sender's own uploads of purpose feedback, in order. */
  images: string[];
}

export type FeedbackOutcome = FeedbackReceipt | 'bad-category' | 'bad-images';

export interface SupportDemo {
  faq: { name: string; entries: { question: string; answer: string }[] }[];
  feedbackCategories: string[];
}

export function supportRepository(db: Kysely<Schema>) {
  return {
    /** Every FAQ category in the operators' order, with how many questions it holds. */
    async faqCategories(): Promise<FaqCategory[]> {
      const rows = await db
        .selectFrom('faq_categories as c')
        .leftJoin('faq_entries as e', 'e.cate_id', 'c.id')
        .select(['c.id', 'c.name', 'c.sort', sql<string>`count(e.id)`.as('n')])
        .groupBy(['c.id', 'c.name', 'c.sort'])
        .orderBy('c.sort')
        .orderBy('c.id')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, sort: r.sort, questionCount: Number(r.n) }));
    },

    /**
     * A page of the FAQ in reading order (category, then entry): one category when `cateId` is
     * given, and only entries whose question or answer contains `keyword` (substring,
     * case-insensitive, its wildcards taken literally) when it is not blank.
     */
    faqList(filter: { cateId?: number; keyword?: string }, offset: number, limit: number): Promise<Paged<FaqEntry>> {
      let query = db
        .selectFrom('faq_entries as e')
        .innerJoin('faq_categories as c', 'c.id', 'e.cate_id')
        .select(['e.id', 'e.cate_id', 'e.question', 'e.answer', 'e.sort'])
        .orderBy('c.sort')
        .orderBy('c.id')
        .orderBy('e.sort')
        .orderBy('e.id');
      if (filter.cateId !== undefined) query = query.where('e.cate_id', '=', filter.cateId);
      if (filter.keyword) {
        const pattern = containsPattern(filter.keyword);
        query = query.where((eb) => eb.or([eb('e.question', 'ilike', pattern), eb('e.answer', 'ilike', pattern)]));
      }
      return page(query, offset, limit, (rows) => rows.map((r) => ({ id: r.id, cateId: r.cate_id, question: r.question, answer: r.answer, sort: r.sort })));
    },

    /** What a feedback can be about, in the operators' order. */
    feedbackCategories(): Promise<FeedbackCategory[]> {
      return db.selectFrom('feedback_categories').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
    },

    /**
     * Stores a feedback in one transaction: its category must exist, and its images must be the
     * sender's own uploads of purpose feedback that nothing uses yet; they are locked, then marked
     * used, so the upload sweeper keeps them and no other feedback can take them.
     */
    addFeedback(input: NewFeedback): Promise<FeedbackOutcome> {
      return db.transaction().execute(async (trx) => {
        const category = await trx.selectFrom('feedback_categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
        if (!category) return 'bad-category';
        const images = await claimUploads(trx, input.userId, 'feedback', input.images);
        if (!images) return 'bad-images';
        const row = await trx
          .insertInto('feedbacks')
          .values({
            user_id: input.userId,
            category_id: input.categoryId,
            content: input.content,
            contact: input.contact,
            images: JSON.stringify(images),
          })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        return { id: row.id, createdAt: new Date(row.created_at).toISOString() };
      });
    },

    /**
     * Adds the demo FAQ and feedback categories once (a marker row guards them; databases seeded
     * earlier gain them too). Returns whether it inserted now.
     */
    async insertDemo(demo: SupportDemo): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('app_meta')
          .values({ key: SUPPORT_MARKER, value: new Date().toISOString() })
          .onConflict((oc) => oc.doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!marked) return false;
        const categories = await trx
          .insertInto('faq_categories')
          .values(demo.faq.map((c, i) => ({ name: c.name, sort: (i + 1) * 10 })))
          .returning(['id', 'name'])
          .execute();
        const entries = demo.faq.flatMap((c) => {
          const cateId = categories.find((row) => row.name === c.name)!.id;
          return c.entries.map((e, i) => ({ cate_id: cateId, question: e.question, answer: e.answer, sort: (i + 1) * 10 }));
        });
        if (entries.length > 0) await trx.insertInto('faq_entries').values(entries).execute();
        await trx
          .insertInto('feedback_categories')
          .values(demo.feedbackCategories.map((name, i) => ({ name, sort: (i + 1) * 10 })))
          .execute();
        return true;
      });
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
