/**
 * The content contracts' plain limits (no schemas), for the page's forms: a value read from
 * contracts/content.ts would bring TypeBox and the content schemas into the page's chunks with it.
 */

/** Longest review title and text, in characters. */
export const REVIEW_TITLE_MAX = 40;
export const REVIEW_CONTENT_MAX = 2000;

/** A post's limits: title and text in characters, images, tags, and its price in points. */
export const POST_TITLE_MAX = 40;
export const POST_CONTENT_MAX = 2000;
export const POST_IMAGES_MAX = 9;
export const POST_TAGS_MAX = 3;
export const POST_PRICE_MAX = 500;

/** Longest comment or reply, in characters. */
export const COMMENT_MAX = 500;
