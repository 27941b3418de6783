/**
 * Contracts of Manage (issue 14): operators list, add, edit and remove the site's content through
 * /api/app/admin/<kind>/{list,add,edit,remove} (admin-api.ts MANAGE_API). For every kind: `add`
 * takes the fields (the optional ones default), `edit` the id and any of the fields (what is left
 * out stays), `remove` the id, and `list` a page; each answers the item as it is stored.
 *
 * Pictures travel inside the JSON body as base64 (`avatarData`, `coverData`, `imageData`): the
 * server decodes them, re-encodes them through the image pipeline (WebP, masked, at every stored
 * width below their own) and answers the stored path with its size.
 */
import { Type, type Static, type TProperties } from 'typebox';
import { AD_LINK_FIELDS } from './app.ts';
import { DateTime, Id, PageBody } from './common.ts';
import { AD_POSITIONS, MANAGE_IMAGE_MAX_BYTES, MANAGE_TEXT_MAX } from '../admin-api.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** Text of at most `max` characters (after NFKC, like account.ts textLength; the schema allows the UTF-16 worst case). */
const text = (max: number, description: string, minLength = 1) =>
  Type.String({ minLength, maxLength: max * 2, description: `${description} (${minLength} to ${max} characters)` });
const sort = Type.Integer({ minimum: -1000000, maximum: 1000000, description: 'order among its kind: lower first (default 0)' });

/** A picture as base64 (PNG, JPEG, GIF, WebP or AVIF), at most MANAGE_IMAGE_MAX_BYTES decoded. */
export const ImageData = (description: string) =>
  Type.String({
    minLength: 8,
    maxLength: Math.ceil(MANAGE_IMAGE_MAX_BYTES / 3) * 4 + 4,
    pattern: '^[A-Za-z0-9+/=\\s]+$',
    description: `${description}: the file's bytes in base64 (PNG, JPEG, GIF, WebP or AVIF, at most ${MANAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB), stored masked through the image pipeline`,
  });

/** Where a banner or a menu item leads (SPEC §2 bindType), and how. */
const binding = {
  bindType: Type.Integer({
    minimum: 0,
    maximum: 6,
    description:
      '0 nothing; 1 a video category (bindInt; 10782 is home); 2 a topic (bindInt); 3 a tag (bindInt); 4 a link (bindStr: an in-app path with jumpType 1, else an http(s) address); 5 a performer (bindInt); 6 a tag category (bindInt)',
  }),
  bindInt: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'the id bindType names (default 0)' })),
  bindStr: Type.Optional(Type.String({ maxLength: 500, description: "bindType 4: the path or address (default '')" })),
  jumpType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: 'bindType 4: 1 opens an in-app path, 0 a new window (default 0)' })),
  contentType: Type.Optional(Type.Integer({ minimum: 0, maximum: 8, description: '8 when a tag or tag category leads to performers (default 2)' })),
};
const Binding = { bindType: Type.Integer(), bindInt: Type.Integer(), bindStr: Type.String(), jumpType: Type.Integer(), contentType: Type.Integer() };

/** Partial fields for edit: every field optional, the id required. */
const editOf = <P extends TProperties>(properties: P) => body({ id: Id, ...Type.Partial(Type.Object(properties)).properties });

export const ManageListBody = body({
  ...PageBody.properties,
  keyword: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'only items whose name or title holds it' })),
});
export type ManageListBody = Static<typeof ManageListBody>;
export const ManageRemoveBody = body({ id: Id });
export type ManageRemoveBody = Static<typeof ManageRemoveBody>;
/** What remove answers: the id gone, and what went with it (a performer's follows, an ad's clicks). */
export const ManageRemoved = Type.Object({ id: Type.Integer(), removed: Type.Boolean(), alsoRemoved: Type.Record(Type.String(), Type.Integer()) });
export type ManageRemoved = Static<typeof ManageRemoved>;

// Performers ---------------------------------------------------------------------------------------
const performerFields = {
  name: text(MANAGE_TEXT_MAX.name, "the performer's name"),
  intro: Type.Optional(text(MANAGE_TEXT_MAX.line, "one line under the name (default '')", 0)),
  bio: Type.Optional(text(MANAGE_TEXT_MAX.body, "the performer's introduction (default '')", 0)),
  tagIds: Type.Optional(Type.Array(Id, { maxItems: 20, uniqueItems: true, description: 'tags of performers (contentType 8)' })),
};
export const PerformerAddBody = body({ ...performerFields, avatarData: ImageData('the avatar (square)'), coverData: ImageData('the cover') });
export type PerformerAddBody = Static<typeof PerformerAddBody>;
export const PerformerEditBody = editOf({ ...performerFields, avatarData: ImageData('a new avatar'), coverData: ImageData('a new cover') });
export type PerformerEditBody = Static<typeof PerformerEditBody>;
export const PerformerItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  intro: Type.String(),
  bio: Type.String(),
  avatar: Type.String(),
  cover: Type.String(),
  coverWidth: Type.Integer(),
  coverHeight: Type.Integer(),
  tagIds: Type.Array(Type.Integer()),
  videoCount: Type.Integer(),
  fansCount: Type.Integer(),
});
export type PerformerItem = Static<typeof PerformerItem>;

// Tags and tag categories --------------------------------------------------------------------------
const tagFields = { name: text(MANAGE_TEXT_MAX.name, "the tag's name"), categoryId: Id, sort: Type.Optional(sort) };
export const TagAddBody = body(tagFields);
export type TagAddBody = Static<typeof TagAddBody>;
export const TagEditBody = editOf(tagFields);
export type TagEditBody = Static<typeof TagEditBody>;
export const TagItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  contentType: Type.Integer({ description: "the category's: 2 videos, 8 performers" }),
  sort: Type.Integer(),
  itemCount: Type.Integer(),
});
export type TagItem = Static<typeof TagItem>;

const tagCategoryFields = {
  name: text(MANAGE_TEXT_MAX.name, "the category's name"),
  contentType: Type.Enum([2, 8], { description: 'what its tags describe: 2 videos, 8 performers' }),
  sort: Type.Optional(sort),
};
export const TagCategoryAddBody = body(tagCategoryFields);
export type TagCategoryAddBody = Static<typeof TagCategoryAddBody>;
export const TagCategoryEditBody = editOf(tagCategoryFields);
export type TagCategoryEditBody = Static<typeof TagCategoryEditBody>;
export const TagCategoryItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contentType: Type.Integer(),
  sort: Type.Integer(),
  tagCount: Type.Integer(),
});
export type TagCategoryItem = Static<typeof TagCategoryItem>;

// Topics ---------------------------------------------------------------------------------------------
const topicFields = {
  title: text(MANAGE_TEXT_MAX.name, "the topic's title"),
  type: Type.Integer({ minimum: 1, maximum: 7, description: 'how /topics draws it: display types 1 to 7' }),
  description: Type.Optional(text(MANAGE_TEXT_MAX.body, "what it is about (default '')", 0)),
  sort: Type.Optional(sort),
  videoIds: Type.Optional(Type.Array(Id, { maxItems: 200, uniqueItems: true, description: 'its videos in order' })),
};
export const TopicAddBody = body({ ...topicFields, coverData: ImageData('the cover') });
export type TopicAddBody = Static<typeof TopicAddBody>;
export const TopicEditBody = editOf({ ...topicFields, coverData: ImageData('a new cover') });
export type TopicEditBody = Static<typeof TopicEditBody>;
export const TopicItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  type: Type.Integer(),
  description: Type.String(),
  cover: Type.String(),
  coverWidth: Type.Integer(),
  coverHeight: Type.Integer(),
  sort: Type.Integer(),
  videoIds: Type.Array(Type.Integer()),
});
export type TopicItem = Static<typeof TopicItem>;

// Header menus and banners ------------------------------------------------------------------------
const menuFields = { name: text(MANAGE_TEXT_MAX.menu, "the item's label"), ...binding, sort: Type.Optional(sort) };
export const MenuAddBody = body(menuFields);
export type MenuAddBody = Static<typeof MenuAddBody>;
export const MenuEditBody = editOf(menuFields);
export type MenuEditBody = Static<typeof MenuEditBody>;
export const MenuItem = Type.Object({ id: Type.Integer(), name: Type.String(), ...Binding, sort: Type.Integer() });
export type MenuItem = Static<typeof MenuItem>;

const bannerFields = {
  name: text(MANAGE_TEXT_MAX.name, "the banner's title"),
  categoryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the category whose home shows it (default 10782, home)' })),
  ...binding,
  sort: Type.Optional(sort),
};
export const BannerAddBody = body({ ...bannerFields, imageData: ImageData('the picture') });
export type BannerAddBody = Static<typeof BannerAddBody>;
export const BannerEditBody = editOf({ ...bannerFields, imageData: ImageData('a new picture') });
export type BannerEditBody = Static<typeof BannerEditBody>;
export const BannerItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  categoryId: Type.Integer(),
  image: Type.String(),
  imageWidth: Type.Integer(),
  imageHeight: Type.Integer(),
  ...Binding,
  sort: Type.Integer(),
});
export type BannerItem = Static<typeof BannerItem>;

// Ads ----------------------------------------------------------------------------------------------
const adFields = {
  position: Type.Enum([...AD_POSITIONS], {
    description: 'where it shows: home_banner (the ad carousel), home_list (in the home list), video_detail (the video page)',
  }),
  title: text(MANAGE_TEXT_MAX.name, "the ad's title"),
  link: Type.String({ minLength: 1, maxLength: 500, description: 'where it leads: an http(s) address or an in-app path starting with /' }),
  linkField: Type.Optional(Type.Enum([...AD_LINK_FIELDS], { description: 'which field of the ad carries the link (SPEC §2; default href)' })),
  sort: Type.Optional(sort),
};
export const AdAddBody = body({ ...adFields, imageData: ImageData('the picture') });
export type AdAddBody = Static<typeof AdAddBody>;
export const AdEditBody = editOf({ ...adFields, imageData: ImageData('a new picture') });
export type AdEditBody = Static<typeof AdEditBody>;
export const AdItem = Type.Object({
  id: Type.Integer(),
  position: Type.String(),
  title: Type.String(),
  image: Type.String(),
  imageWidth: Type.Integer(),
  imageHeight: Type.Integer(),
  linkField: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  clicks: Type.Integer(),
});
export type AdItem = Static<typeof AdItem>;

// Announcements ------------------------------------------------------------------------------------
const announcementFields = {
  title: text(MANAGE_TEXT_MAX.name, 'the title'),
  content: text(MANAGE_TEXT_MAX.body, 'the text (plain, paragraphs separated by blank lines)'),
};
export const AnnouncementAddBody = body(announcementFields);
export type AnnouncementAddBody = Static<typeof AnnouncementAddBody>;
export const AnnouncementEditBody = editOf(announcementFields);
export type AnnouncementEditBody = Static<typeof AnnouncementEditBody>;
export const AnnouncementItem = Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String(), createdAt: DateTime });
export type AnnouncementItem = Static<typeof AnnouncementItem>;

// FAQ ------------------------------------------------------------------------------------------------
const faqFields = {
  categoryId: Id,
  question: text(MANAGE_TEXT_MAX.line, 'the question'),
  answer: text(MANAGE_TEXT_MAX.body, 'the answer (plain, paragraphs separated by blank lines)'),
  sort: Type.Optional(sort),
};
export const FaqAddBody = body(faqFields);
export type FaqAddBody = Static<typeof FaqAddBody>;
export const FaqEditBody = editOf(faqFields);
export type FaqEditBody = Static<typeof FaqEditBody>;
export const FaqItem = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  sort: Type.Integer(),
});
export type FaqItem = Static<typeof FaqItem>;

// Hot searches ---------------------------------------------------------------------------------------
const hotSearchFields = {
  keyword: text(MANAGE_TEXT_MAX.keyword, 'the keyword (unique)'),
  heat: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000000, description: 'its heat: the list is hottest first (default 0); searches add to it' })),
};
export const HotSearchAddBody = body(hotSearchFields);
export type HotSearchAddBody = Static<typeof HotSearchAddBody>;
export const HotSearchEditBody = editOf(hotSearchFields);
export type HotSearchEditBody = Static<typeof HotSearchEditBody>;
export const HotSearchItem = Type.Object({ id: Type.Integer(), keyword: Type.String(), heat: Type.Integer() });
export type HotSearchItem = Static<typeof HotSearchItem>;

// Check-in prizes ----------------------------------------------------------------------------------
const prizeFields = {
  days: Type.Integer({ minimum: 1, maximum: 31, description: 'the run of consecutive check-ins in a month that earns it (one prize per run length)' }),
  points: Type.Integer({ minimum: 1, maximum: 100000, description: 'the points it gives' }),
};
export const PrizeAddBody = body(prizeFields);
export type PrizeAddBody = Static<typeof PrizeAddBody>;
export const PrizeEditBody = editOf(prizeFields);
export type PrizeEditBody = Static<typeof PrizeEditBody>;
export const PrizeItem = Type.Object({
  id: Type.Integer(),
  days: Type.Integer(),
  points: Type.Integer(),
  claims: Type.Integer({ description: 'times members claimed it' }),
});
export type PrizeItem = Static<typeof PrizeItem>;
