import type { TagCategory, TagItem } from '../../../protocol/content-api.ts';
import type { TagReviewSubject } from './api/review-keys.ts';

export interface TagReviewHeading {
  /** The tag's name, or the category's when the page shows a whole category. */
  name: string;
  tag: TagItem | null;
  category: TagCategory;
}

/** What /tagReviews is about, found in the tag list; null while unknown (the list decides not-found). */
export function tagReviewHeading(categories: readonly TagCategory[], subject: TagReviewSubject): TagReviewHeading | null {
  for (const category of categories) {
    if (subject.tid !== undefined) {
      const tag = category.tags.find((t) => t.id === subject.tid);
      if (tag) return { name: tag.name, tag, category };
    } else if (subject.tagCateId === category.id) {
      return { name: category.name, tag: null, category };
    }
  }
  return null;
}
