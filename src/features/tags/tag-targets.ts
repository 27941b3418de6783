import { CONTENT_TYPE, type TagCategory, type TagDetail, type TagItem } from '../../../protocol/content-api.ts';
import type { SearchValue } from '../../lib/navigation.ts';

export interface TagTarget {
  to: string;
  search: Record<string, SearchValue>;
}

const isActress = (contentType: number) => contentType === CONTENT_TYPE.ACTRESS;

/** A video tag opens its tag details; a performer tag opens the performer list filtered by it. */
export function tagTarget(tag: Pick<TagItem, 'id' | 'contentType'>): TagTarget {
  return isActress(tag.contentType)
    ? { to: '/actressList', search: { tid: tag.id } }
    : { to: '/tagDetails', search: { tid: tag.id, contentType: CONTENT_TYPE.VIDEO } };
}

/** A category title opens the whole category, as tag details or as the performer list. */
export function categoryTarget(category: Pick<TagCategory, 'id' | 'contentType'>): TagTarget {
  return isActress(category.contentType)
    ? { to: '/actressList', search: { tagCateId: category.id } }
    : { to: '/tagDetails', search: { tagCateId: category.id } };
}

export interface TagSections {
  video: TagCategory[];
  actress: TagCategory[];
}

/** /tagList shows video tags and performer tags in two sections, categories in server order. */
export function splitSections(categories: readonly TagCategory[]): TagSections {
  const sections: TagSections = { video: [], actress: [] };
  for (const category of categories) (isActress(category.contentType) ? sections.actress : sections.video).push(category);
  return sections;
}

/** Another tag of the same category, seen the same way (tag details), in the same order. */
export function siblingTarget(tag: Pick<TagItem, 'id' | 'contentType'>, sort: number): TagTarget {
  return { to: '/tagDetails', search: { tid: tag.id, contentType: tag.contentType, sort: sort > 0 ? sort : undefined } };
}

export interface TagSummary {
  name: string;
  total: number;
  contentType: number;
  /** 相关影评 of a video tag (reviews are about videos; /tagReviews takes a tid). */
  reviews: TagTarget | null;
}

/** The header of /tagDetails, from the first page of the answer. */
export function tagSummaryOf(detail: TagDetail): TagSummary | null {
  const name = detail.tag?.name ?? detail.category?.name;
  if (name === undefined) return null;
  const page = detail.videos ?? detail.actresses;
  const reviews = detail.tag && !isActress(detail.contentType) ? { to: '/tagReviews', search: { tid: detail.tag.id } } : null;
  return { name, total: page?.total ?? 0, contentType: detail.contentType, reviews };
}
