import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Static, TSchema } from 'typebox';
import { textLength } from '../../../protocol/account.ts';
import { MANAGE_API, MANAGE_IMAGE_MAX_BYTES, MANAGE_KIND_NAMES, MANAGE_TEXT_MAX, type ManageKind } from '../../../protocol/admin-api.ts';
import { PageOf } from '../../../protocol/contracts/common.ts';
import {
  AdAddBody,
  AdEditBody,
  AdItem,
  AnnouncementAddBody,
  AnnouncementEditBody,
  AnnouncementItem,
  BannerAddBody,
  BannerEditBody,
  BannerItem,
  FaqAddBody,
  FaqEditBody,
  FaqItem,
  HotSearchAddBody,
  HotSearchEditBody,
  HotSearchItem,
  ManageListBody,
  ManageRemoveBody,
  ManageRemoved,
  MenuAddBody,
  MenuEditBody,
  MenuItem,
  PerformerAddBody,
  PerformerEditBody,
  PerformerItem,
  PrizeAddBody,
  PrizeEditBody,
  PrizeItem,
  TagAddBody,
  TagCategoryAddBody,
  TagCategoryEditBody,
  TagCategoryItem,
  TagEditBody,
  TagItem,
  TopicAddBody,
  TopicEditBody,
  TopicItem,
} from '../../../protocol/contracts/manage.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { auditFields, ManageError, type RemoveResult, type StoredImage, type WriteResult } from '../../db/repositories/manage.ts';
import type { Actor } from '../../db/repositories/operators.ts';
import { ImageRejectedError, reencodeImage } from '../../media/reencode.ts';
import { encodeVariants, removeImageSet, widthsFor, writeImageSet } from '../../media/variants.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';
import { adminEndpoints } from './admin-endpoint.ts';

/** Pictures an operator sends live under this folder of the image store; only these are ever deleted by Manage. */
const MANAGED_DIR = 'manage/';
/** A body carrying two pictures as base64, with room for the fields. */
const IMAGE_BODY_LIMIT = Math.ceil((2 * MANAGE_IMAGE_MAX_BYTES) / 3) * 4 + 256 * 1024;

/**
 * A text field as stored: trimmed, at most `max` characters (after NFKC), not empty unless allowed.
 * The schema has checked its type and rough length; this is the exact rule and a message that names
 * the field.
 */
function cleanText(value: string, max: number, field: string, allowEmpty = false): string {
  const text = value.trim();
  if (!text && !allowEmpty) throw badRequest(`${field}不能为空`);
  if (textLength(text) > max) throw badRequest(`${field}不能超过${max}字`);
  return text;
}
const optionalText = (value: string | undefined, max: number, field: string, allowEmpty = false) =>
  value === undefined ? undefined : cleanText(value, max, field, allowEmpty);

/** The refusal a repository's ManageError stands for. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof ManageError)) return error;
  const code = error.reason === 'bad' ? CODES.BAD_REQUEST : error.reason === 'not-found' ? CODES.NOT_FOUND : CODES.ALREADY_DONE;
  return new ApiError(code, error.message);
}

/**
 * Manage (issue 14): list, add, edit and remove for each kind of content, one file of calls made
 * from a table. Every write is validated by its contract (protocol/contracts/manage.ts), then by
 * the exact text rules here, then by the repository's checks in its transaction (targets exist,
 * nothing still points at what is removed), which writes the audit row with the change. Once it
 * commits, every read cache that could hold the old content is cleared on every instance (the
 * caches' broadcast goes through Redis when REDIS_URL is set), so the site shows it at once.
 */
export async function manageRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const admin = adminEndpoints(api, ctx, 'admin-manage');
  const imgDir = join(ctx.config.mediaDir, 'img');

  /**
   * Every cache of content an operator can change: the menus and ads of ping/config, home's banners
   * and boxes, list pages and their sizes, videos' details (performers, tags) and search answers
   * (performers, tags). Operators change content rarely; clearing them all is cheap and leaves no
   * stale corner.
   */
  const clearCaches = () => {
    ctx.caches.config.clear();
    ctx.caches.homeIndex.clear();
    ctx.caches.videoPages.clear();
    ctx.caches.categorySizes.clear();
    ctx.caches.videoDetail.clear();
    ctx.caches.search.clear();
  };

  /** Decodes, re-encodes and stores one picture masked at its widths; answers where and how large. */
  async function storeImage(kind: ManageKind, field: string, data: string): Promise<StoredImage> {
    const bytes = Buffer.from(data.replace(/\s+/g, ''), 'base64');
    if (bytes.length === 0) throw badRequest(`${field}: 不是有效的 base64 图片`);
    if (bytes.length > MANAGE_IMAGE_MAX_BYTES) throw badRequest(`${field}: 图片不能超过 ${MANAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    let image;
    try {
      image = await reencodeImage(Readable.from([bytes]));
    } catch (error) {
      if (error instanceof ImageRejectedError) throw badRequest(error.reason === 'too-many-pixels' ? `${field}: 图片尺寸过大` : `${field}: 文件不是有效的图片`);
      throw error;
    }
    const path = `${MANAGED_DIR}${kind}/${randomBytes(12).toString('hex')}.webp`;
    const variants = await encodeVariants(sharp(image.bytes, { animated: true }), widthsFor(image.width));
    await writeImageSet(imgDir, path, { full: image.bytes, width: image.width, height: image.height, variants }, ctx.config.keys.imageKey);
    return { path, width: image.width, height: image.height };
  }

  /**
   * Stores the pictures of a body (fields ending in Data), runs the write with them, and tidies up:
   * the new files go when the write is refused, the replaced ones once it has committed.
   */
  async function withImages<T>(
    kind: ManageKind,
    data: Record<string, string | undefined>,
    run: (images: Record<string, StoredImage | undefined>) => Promise<WriteResult<T> | RemoveResult>,
  ): Promise<WriteResult<T> | RemoveResult> {
    const images: Record<string, StoredImage | undefined> = {};
    const discard = () => Promise.all(Object.values(images).flatMap((i) => (i ? [removeImageSet(imgDir, i.path)] : [])));
    try {
      for (const [field, value] of Object.entries(data)) if (value !== undefined) images[field] = await storeImage(kind, field, value);
    } catch (error) {
      await discard();
      throw error;
    }
    let result;
    try {
      result = await run(images);
    } catch (error) {
      await discard();
      throw asApiError(error);
    }
    clearCaches();
    await Promise.all(result.orphaned.filter((p) => p.startsWith(MANAGED_DIR)).map((p) => removeImageSet(imgDir, p).catch(() => undefined)));
    return result;
  }

  interface KindCalls<AB extends TSchema, EB extends TSchema, I extends TSchema> {
    kind: ManageKind;
    item: I;
    itemName: string;
    addBody: AB;
    editBody: EB;
    /** What the kind's add and edit carry besides text (pictures: a bigger body). */
    pictures?: boolean;
    list(body: ManageListBody, offset: number, limit: number): Promise<{ list: Static<I>[]; total: number }>;
    add(operator: Actor, body: Static<AB>, images: Record<string, StoredImage | undefined>): Promise<WriteResult<Static<I>>>;
    edit(operator: Actor, body: Static<EB>, images: Record<string, StoredImage | undefined>, audit: Record<string, unknown>): Promise<WriteResult<Static<I>>>;
    remove(operator: Actor, id: number): Promise<RemoveResult>;
  }

  const keyword = (body: { keyword?: string }) => body.keyword?.trim() || undefined;
  /** The pictures of a body: its fields ending in Data. */
  const dataOf = (body: object) => Object.fromEntries(Object.entries(body).filter(([k]) => k.endsWith('Data'))) as Record<string, string | undefined>;

  function declare<AB extends TSchema, EB extends TSchema, I extends TSchema>(k: KindCalls<AB, EB, I>): void {
    const name = MANAGE_KIND_NAMES[k.kind];
    const paths = MANAGE_API[k.kind];
    const bodyLimit = k.pictures ? IMAGE_BODY_LIMIT : undefined;
    admin(
      paths.list,
      {
        summary: `${name} (${k.kind}): a page, optionally of those whose name holds a keyword`,
        body: ManageListBody,
        answer: PageOf(k.item),
        answerName: `Page<${k.itemName}>`,
      },
      // The generic item type cannot be matched to PageOf's by the compiler; the contract checks the answer.
      async ({ body }) => (await pageOf(body, (offset, limit) => k.list(body, offset, limit))) as never,
    );
    admin(
      paths.add,
      {
        summary: `Adds a ${k.kind} (${name}); answers it as stored. Shown on the site at once; written to the audit log`,
        body: k.addBody,
        answer: k.item,
        answerName: k.itemName,
        changes: true,
        ...(bodyLimit && { bodyLimit }),
      },
      async ({ body, operator }) => {
        const result = await withImages(k.kind, dataOf(body as object), (images) => k.add(operator, body, images));
        return (result as WriteResult<Static<I>>).item;
      },
    );
    admin(
      paths.edit,
      {
        summary: `Changes the given fields of a ${k.kind} (${name}); what is left out stays. Shown on the site at once; written to the audit log with what it was`,
        body: k.editBody,
        answer: k.item,
        answerName: k.itemName,
        changes: true,
        ...(bodyLimit && { bodyLimit }),
      },
      async ({ body, operator }) => {
        const audit = auditFields(body as object);
        if (Object.keys(audit).length === 0 && Object.values(dataOf(body as object)).every((v) => v === undefined)) throw badRequest('没有要修改的字段');
        const result = await withImages(k.kind, dataOf(body as object), (images) => k.edit(operator, body, images, audit));
        return (result as WriteResult<Static<I>>).item;
      },
    );
    admin(
      paths.remove,
      {
        summary: `Removes a ${k.kind} (${name}). Refused with 1010 while anything still points at it, the message saying what (e.g. 标签「城市」仍被 12 个视频使用，不能删除)`,
        body: ManageRemoveBody,
        answer: ManageRemoved,
        answerName: 'ManageRemoved',
        changes: true,
      },
      async ({ body, operator }) => {
        const { orphaned: _orphaned, ...removed } = (await withImages(k.kind, {}, () => k.remove(operator, body.id))) as RemoveResult;
        return removed;
      },
    );
  }

  const T = MANAGE_TEXT_MAX;
  const m = ctx.manage;

  declare({
    kind: 'performer',
    item: PerformerItem,
    itemName: 'PerformerItem',
    addBody: PerformerAddBody,
    editBody: PerformerEditBody,
    pictures: true,
    list: (b, offset, limit) => m.listPerformers(keyword(b), offset, limit),
    add: (op, b, images) =>
      m.addPerformer(op, {
        name: cleanText(b.name, T.name, '名字'),
        intro: cleanText(b.intro ?? '', T.line, '简介', true),
        bio: cleanText(b.bio ?? '', T.body, '介绍', true),
        tagIds: b.tagIds ?? [],
        avatar: images.avatarData!,
        cover: images.coverData!,
      }),
    edit: (op, b, images, audit) =>
      m.editPerformer(
        op,
        b.id,
        {
          name: optionalText(b.name, T.name, '名字'),
          intro: optionalText(b.intro, T.line, '简介', true),
          bio: optionalText(b.bio, T.body, '介绍', true),
          tagIds: b.tagIds,
          avatar: images.avatarData,
          cover: images.coverData,
        },
        audit,
      ),
    remove: (op, id) => m.removePerformer(op, id),
  });

  declare({
    kind: 'tag',
    item: TagItem,
    itemName: 'TagItem',
    addBody: TagAddBody,
    editBody: TagEditBody,
    list: (b, offset, limit) => m.listTags(keyword(b), offset, limit),
    add: (op, b) => m.addTag(op, { name: cleanText(b.name, T.name, '标签名'), categoryId: b.categoryId, sort: b.sort ?? 0 }),
    edit: (op, b, _images, audit) => m.editTag(op, b.id, { name: optionalText(b.name, T.name, '标签名'), categoryId: b.categoryId, sort: b.sort }, audit),
    remove: (op, id) => m.removeTag(op, id),
  });

  declare({
    kind: 'tagcategory',
    item: TagCategoryItem,
    itemName: 'TagCategoryItem',
    addBody: TagCategoryAddBody,
    editBody: TagCategoryEditBody,
    list: (b, offset, limit) => m.listTagCategories(keyword(b), offset, limit),
    add: (op, b) => m.addTagCategory(op, { name: cleanText(b.name, T.name, '分类名'), contentType: b.contentType, sort: b.sort ?? 0 }),
    edit: (op, b, _images, audit) =>
      m.editTagCategory(op, b.id, { name: optionalText(b.name, T.name, '分类名'), contentType: b.contentType, sort: b.sort }, audit),
    remove: (op, id) => m.removeTagCategory(op, id),
  });

  declare({
    kind: 'topic',
    item: TopicItem,
    itemName: 'TopicItem',
    addBody: TopicAddBody,
    editBody: TopicEditBody,
    pictures: true,
    list: (b, offset, limit) => m.listTopics(keyword(b), offset, limit),
    add: (op, b, images) =>
      m.addTopic(op, {
        title: cleanText(b.title, T.name, '标题'),
        type: b.type,
        description: cleanText(b.description ?? '', T.body, '描述', true),
        sort: b.sort ?? 0,
        videoIds: b.videoIds ?? [],
        cover: images.coverData!,
      }),
    edit: (op, b, images, audit) =>
      m.editTopic(
        op,
        b.id,
        {
          title: optionalText(b.title, T.name, '标题'),
          type: b.type,
          description: optionalText(b.description, T.body, '描述', true),
          sort: b.sort,
          videoIds: b.videoIds,
          cover: images.coverData,
        },
        audit,
      ),
    remove: (op, id) => m.removeTopic(op, id),
  });

  declare({
    kind: 'menu',
    item: MenuItem,
    itemName: 'MenuItem',
    addBody: MenuAddBody,
    editBody: MenuEditBody,
    list: (b, offset, limit) => m.listMenus(keyword(b), offset, limit),
    add: (op, b) => m.addMenu(op, { ...b, name: cleanText(b.name, T.menu, '菜单名'), sort: b.sort ?? 0 }),
    edit: (op, b, _images, audit) => m.editMenu(op, b.id, { ...b, name: optionalText(b.name, T.menu, '菜单名') }, audit),
    remove: (op, id) => m.removeMenu(op, id),
  });

  declare({
    kind: 'banner',
    item: BannerItem,
    itemName: 'BannerItem',
    addBody: BannerAddBody,
    editBody: BannerEditBody,
    pictures: true,
    list: (b, offset, limit) => m.listBanners(keyword(b), offset, limit),
    add: (op, b, images) =>
      m.addBanner(op, { ...b, name: cleanText(b.name, T.name, '标题'), categoryId: b.categoryId ?? 10782, sort: b.sort ?? 0, image: images.imageData! }),
    edit: (op, b, images, audit) => m.editBanner(op, b.id, { ...b, name: optionalText(b.name, T.name, '标题'), image: images.imageData }, audit),
    remove: (op, id) => m.removeBanner(op, id),
  });

  declare({
    kind: 'ad',
    item: AdItem,
    itemName: 'AdItem',
    addBody: AdAddBody,
    editBody: AdEditBody,
    pictures: true,
    list: (b, offset, limit) => m.listAds(keyword(b), offset, limit),
    add: (op, b, images) =>
      m.addAd(op, {
        position: b.position,
        title: cleanText(b.title, T.name, '标题'),
        link: b.link,
        linkField: b.linkField ?? 'href',
        sort: b.sort ?? 0,
        image: images.imageData!,
      }),
    edit: (op, b, images, audit) =>
      m.editAd(
        op,
        b.id,
        { position: b.position, title: optionalText(b.title, T.name, '标题'), link: b.link, linkField: b.linkField, sort: b.sort, image: images.imageData },
        audit,
      ),
    remove: (op, id) => m.removeAd(op, id),
  });

  declare({
    kind: 'announcement',
    item: AnnouncementItem,
    itemName: 'AnnouncementItem',
    addBody: AnnouncementAddBody,
    editBody: AnnouncementEditBody,
    list: (b, offset, limit) => m.listAnnouncements(keyword(b), offset, limit),
    add: (op, b) => m.addAnnouncement(op, { title: cleanText(b.title, T.name, '标题'), content: cleanText(b.content, T.body, '正文') }),
    edit: (op, b, _images, audit) =>
      m.editAnnouncement(op, b.id, { title: optionalText(b.title, T.name, '标题'), content: optionalText(b.content, T.body, '正文') }, audit),
    remove: (op, id) => m.removeAnnouncement(op, id),
  });

  declare({
    kind: 'faq',
    item: FaqItem,
    itemName: 'FaqItem',
    addBody: FaqAddBody,
    editBody: FaqEditBody,
    list: (b, offset, limit) => m.listFaq(keyword(b), offset, limit),
    add: (op, b) =>
      m.addFaq(op, {
        categoryId: b.categoryId,
        question: cleanText(b.question, T.line, '问题'),
        answer: cleanText(b.answer, T.body, '回答'),
        sort: b.sort ?? 0,
      }),
    edit: (op, b, _images, audit) =>
      m.editFaq(
        op,
        b.id,
        { categoryId: b.categoryId, question: optionalText(b.question, T.line, '问题'), answer: optionalText(b.answer, T.body, '回答'), sort: b.sort },
        audit,
      ),
    remove: (op, id) => m.removeFaq(op, id),
  });

  declare({
    kind: 'hotsearch',
    item: HotSearchItem,
    itemName: 'HotSearchItem',
    addBody: HotSearchAddBody,
    editBody: HotSearchEditBody,
    list: (b, offset, limit) => m.listHotSearches(keyword(b), offset, limit),
    add: (op, b) => m.addHotSearch(op, { keyword: cleanText(b.keyword, T.keyword, '关键词'), heat: b.heat ?? 0 }),
    edit: (op, b, _images, audit) => m.editHotSearch(op, b.id, { keyword: optionalText(b.keyword, T.keyword, '关键词'), heat: b.heat }, audit),
    remove: (op, id) => m.removeHotSearch(op, id),
  });

  declare({
    kind: 'prize',
    item: PrizeItem,
    itemName: 'PrizeItem',
    addBody: PrizeAddBody,
    editBody: PrizeEditBody,
    list: (_b, offset, limit) => m.listPrizes(offset, limit),
    add: (op, b) => m.addPrize(op, { days: b.days, points: b.points }),
    edit: (op, b, _images, audit) => m.editPrize(op, b.id, { days: b.days, points: b.points }, audit),
    remove: (op, id) => m.removePrize(op, id),
  });
}
