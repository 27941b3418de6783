import { randomBytes } from 'node:crypto';
import { Type } from 'typebox';
import { textLength } from '../../../protocol/account.ts';
import { EmptyBody, PageBody } from '../../../protocol/contracts/common.ts';
import {
  MyWork,
  UploadTicket,
  WorkCollection,
  WorkCollectionCreateBody,
  WorkCollectionModifyBody,
  WorkModifyBody,
  WorkPostBody,
  WorkShowBody,
  WorksMediaBody,
  WorkTagChoices,
  WorkUploadBody,
} from '../../../protocol/contracts/works.ts';
import { CODES } from '../../../protocol/envelope.ts';
import {
  COLLECTION_NAME_MAX,
  COLLECTIONS_MAX,
  TUS_PATH,
  TUS_TICKET_HEADER,
  WORK_DESCRIPTION_MAX,
  WORK_TICKET_TTL_MS,
  WORK_TITLE_MAX,
  WORK_UPLOAD_CHUNK_BYTES,
  WORK_UPLOAD_MAX_BYTES,
  WORKS_API,
} from '../../../protocol/works-api.ts';
import type { AppContext } from '../../context.ts';
import { clearVideoCaches, TRANSCODE_JOB, transcodeKey, type TranscodePayload } from '../../jobs/work-transcode.ts';
import { ApiError, badRequest, found } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';
import { ticketHash } from './tus-routes.ts';

/** Per member: upload tickets and works posted per hour, collections created per 10 minutes. */
export const WORK_LIMITS = {
  ticketsPerHour: 20,
  postsPerHour: 10,
  collectionsPerWindow: 10,
} as const;
const HOUR_MS = 3_600_000;
const COLLECTION_WINDOW_MS = 10 * 60_000;

/** The counter keys of one member's works limits (tests release them on a shared Redis). */
export function workCounterKeys(userId: number) {
  return { ticket: `works:ticket:${userId}`, post: `works:post:${userId}`, collection: `works:collection:${userId}` };
}

const MISSING = '作品不存在';
const TIPS = {
  tooLarge: `视频不能超过${WORK_UPLOAD_MAX_BYTES / 1024 / 1024}MB`,
  ticketTooFast: '上传太频繁，请稍后再试',
  postTooFast: '发布太频繁，请稍后再试',
  collectionTooFast: '操作太频繁，请稍后再试',
  noTitle: '请输入标题',
  titleTooLong: `标题不能超过${WORK_TITLE_MAX}字`,
  descriptionTooLong: `简介不能超过${WORK_DESCRIPTION_MAX}字`,
  noName: '请输入合集名称',
  nameTooLong: `合集名称不能超过${COLLECTION_NAME_MAX}字`,
  full: `最多创建${COLLECTIONS_MAX}个合集`,
  noCollection: '合集不存在',
  'bad-upload': '视频不存在、未上传完或已被使用，请重新上传',
  'bad-category': '分类不存在，请重新选择',
  'bad-tags': '标签不存在，请重新选择',
  'bad-collection': '合集不存在，请重新选择',
} as const;

function cleanTitle(raw: string): string {
  const title = raw.trim();
  if (!title) throw badRequest(TIPS.noTitle);
  if (textLength(title) > WORK_TITLE_MAX) throw badRequest(TIPS.titleTooLong);
  return title;
}

function cleanDescription(raw: string): string {
  const description = raw.trim();
  if (textLength(description) > WORK_DESCRIPTION_MAX) throw badRequest(TIPS.descriptionTooLong);
  return description;
}

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(TIPS.noName);
  if (textLength(name) > COLLECTION_NAME_MAX) throw badRequest(TIPS.nameTooLong);
  return name;
}

/** Works (issue 13): members upload videos by tus, post them as works, and manage them and their collections. */
export async function worksRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'works');
  const limit = async (key: string, windowMs: number, max: number, tip: string) => {
    if ((await ctx.stores.counter.hit(key, windowMs)) > max) throw new ApiError(CODES.TOO_MANY, tip);
  };

  endpoint(
    WORKS_API.uploadMedia,
    {
      summary: `A ticket for one resumable upload (tus 1.0 at ${TUS_PATH}, outside /api/): sent in the ${TUS_TICKET_HEADER} header of every tus request, it creates one upload of at most ${WORK_UPLOAD_MAX_BYTES} bytes within ${WORK_TICKET_TTL_MS / 60_000} minutes and then reaches the member's own uploads (a resumed upload asks for a new ticket). Members only; ${WORK_LIMITS.ticketsPerHour} an hour`,
      auth: 'required',
      changes: true,
      body: WorkUploadBody,
      answer: UploadTicket,
      answerName: 'UploadTicket',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      if (body.size !== undefined && body.size > WORK_UPLOAD_MAX_BYTES) throw badRequest(TIPS.tooLarge);
      await limit(workCounterKeys(member.id).ticket, HOUR_MS, WORK_LIMITS.ticketsPerHour, TIPS.ticketTooFast);
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + WORK_TICKET_TTL_MS);
      await ctx.works.issueTicket(ticketHash(ticket), member.id, WORK_UPLOAD_MAX_BYTES, expiresAt);
      return {
        ticket,
        header: TUS_TICKET_HEADER,
        endpoint: TUS_PATH,
        maxBytes: WORK_UPLOAD_MAX_BYTES,
        chunkBytes: WORK_UPLOAD_CHUNK_BYTES,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );

  endpoint(
    WORKS_API.post,
    {
      summary: `Makes the member's finished upload a work: a title (1 to ${WORK_TITLE_MAX} characters, plain text), an optional description (up to ${WORK_DESCRIPTION_MAX}), a category and up to three tags of works/select/tags, an optional collection of the member's. The work starts in state processing and its transcode is queued; it becomes ready (published, or pending when the deployment holds new posts) with the renditions its real size earns, or failed with a reason (not a video, empty, no video stream, too long). ${WORK_LIMITS.postsPerHour} an hour`,
      auth: 'required',
      changes: true,
      body: WorkPostBody,
      answer: MyWork,
      answerName: 'MyWork',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const title = cleanTitle(body.title);
      const description = cleanDescription(body.description ?? '');
      await limit(workCounterKeys(member.id).post, HOUR_MS, WORK_LIMITS.postsPerHour, TIPS.postTooFast);
      const outcome = await ctx.works.post(
        {
          userId: member.id,
          uploadId: body.uploadId,
          clip: `w${randomBytes(12).toString('hex')}`,
          title,
          description,
          categoryId: body.categoryId,
          tagIds: body.tagIds ?? [],
          collectionId: body.collectionId ?? null,
          review: ctx.config.holdNewPosts ? 'pending' : 'published',
          isPublic: body.isPublic ?? true,
        },
        async (trx, workId) => {
          await ctx.queue.enqueue<TranscodePayload>(TRANSCODE_JOB, { workId }, { trx, dedupeKey: transcodeKey(workId) });
        },
      );
      if (typeof outcome === 'string') throw badRequest(TIPS[outcome]);
      // Committed: a worker of this instance starts now.
      ctx.queue.poke();
      return found(await ctx.works.one(member.id, outcome), MISSING);
    },
  );

  endpoint(
    WORKS_API.media,
    {
      summary:
        "The member's works, newest first (optionally of one collection), each with its state: processing with its percent, ready, failed with its reason, pending or rejected (with the operator's reason), whether it is public, and its views",
      auth: 'required',
      body: WorksMediaBody,
      ...pageAnswer(MyWork, 'MyWork'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, size) => ctx.works.mine(member.id, offset, size, body.collectionId));
    },
  );

  endpoint(
    WORKS_API.modifyMedia,
    {
      summary: `Edits the member's own work: title, description, category, tags, collection (null takes it out); the fields left out stay. Another member's work answers not found`,
      auth: 'required',
      changes: true,
      body: WorkModifyBody,
      answer: MyWork,
      answerName: 'MyWork',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const outcome = await ctx.works.modify(member.id, body.id, {
        title: body.title === undefined ? undefined : cleanTitle(body.title),
        description: body.description === undefined ? undefined : cleanDescription(body.description),
        categoryId: body.categoryId,
        tagIds: body.tagIds,
        collectionId: body.collectionId,
      });
      if (outcome === 'not-found') throw new ApiError(CODES.NOT_FOUND, MISSING);
      if (typeof outcome === 'string') throw badRequest(TIPS[outcome]);
      clearVideoCaches(ctx, outcome.videoId);
      return found(await ctx.works.one(member.id, body.id), MISSING);
    },
  );

  endpoint(
    WORKS_API.modifyShow,
    {
      summary:
        "Makes the member's own work public or private: a private work is played only by its author and listed nowhere. Another member's work answers not found",
      auth: 'required',
      changes: true,
      body: WorkShowBody,
      answer: MyWork,
      answerName: 'MyWork',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const outcome = found(await ctx.works.setPublic(member.id, body.id, body.isPublic), MISSING);
      clearVideoCaches(ctx, outcome.videoId);
      return found(await ctx.works.one(member.id, body.id), MISSING);
    },
  );

  endpoint(
    WORKS_API.selectTags,
    {
      summary: 'The categories a work is posted in and the tags it may carry (up to three), by tag group in the operators’ order',
      auth: 'required',
      body: EmptyBody,
      answer: WorkTagChoices,
      answerName: 'WorkTagChoices',
    },
    async ({ user }) => {
      memberOf(user);
      return ctx.works.tagChoices();
    },
  );

  endpoint(
    WORKS_API.collect,
    {
      summary: "The member's collections, newest first, each with how many works it holds",
      auth: 'required',
      body: Type.Object(PageBody.properties, { additionalProperties: false }),
      ...pageAnswer(WorkCollection, 'WorkCollection'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, size) => ctx.works.collections(member.id, offset, size));
    },
  );

  endpoint(
    WORKS_API.collectCreate,
    {
      summary: `Creates a collection of the member's works: a name of 1 to ${COLLECTION_NAME_MAX} characters; at most ${COLLECTIONS_MAX} collections`,
      auth: 'required',
      changes: true,
      body: WorkCollectionCreateBody,
      answer: WorkCollection,
      answerName: 'WorkCollection',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      const name = cleanName(body.name);
      await limit(workCounterKeys(member.id).collection, COLLECTION_WINDOW_MS, WORK_LIMITS.collectionsPerWindow, TIPS.collectionTooFast);
      const created = await ctx.works.createCollection(member.id, name);
      if (created === 'full') throw badRequest(TIPS.full);
      return created;
    },
  );

  endpoint(
    WORKS_API.collectModify,
    {
      summary: "Renames the member's own collection; another member's answers not found",
      auth: 'required',
      changes: true,
      body: WorkCollectionModifyBody,
      answer: WorkCollection,
      answerName: 'WorkCollection',
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return found(await ctx.works.renameCollection(member.id, body.id, cleanName(body.name)), TIPS.noCollection);
    },
  );
}
