/**
 * Contracts of works (works/*): the upload ticket, posting a finished upload as a work, the member's
 * works with their state, editing and showing them, the categories and tags they may carry, and the
 * member's collections. Every call is POST with a JSON body.
 */
import { Type, type Static } from 'typebox';
import {
  COLLECTION_NAME_MAX,
  WORK_DESCRIPTION_MAX,
  WORK_FAIL_REASONS,
  WORK_STATES,
  WORK_TAGS_MAX,
  WORK_TITLE_MAX,
  WORK_UPLOAD_MAX_BYTES,
} from '../works-api.ts';
import { DateTime, Id, Nullable, PageBody } from './common.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** A tus upload's id as the server named it. */
const UploadId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-f]+$', description: 'the id at the end of the tus upload URL' });
const Title = Type.String({ maxLength: WORK_TITLE_MAX * 4, description: `1 to ${WORK_TITLE_MAX} characters after trimming; plain text` });
const Description = Type.String({ maxLength: WORK_DESCRIPTION_MAX * 4, description: `up to ${WORK_DESCRIPTION_MAX} characters; plain text` });
const TagIds = Type.Array(Id, { maxItems: WORK_TAGS_MAX, uniqueItems: true, description: 'tags of works/select/tags' });
const CollectionName = Type.String({ maxLength: COLLECTION_NAME_MAX * 4, description: `1 to ${COLLECTION_NAME_MAX} characters after trimming` });

/** works/upload/media: optionally the size of the file about to be sent, refused at once when too large. */
export const WorkUploadBody = body({
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'bytes of the file the page is about to send' })),
});
export type WorkUploadBody = Static<typeof WorkUploadBody>;

/** What works/upload/media answers: how to send the file by tus. */
export const UploadTicket = Type.Object({
  ticket: Type.String({ description: 'sent in `header` with every tus request; creates one upload, then reaches the member’s own uploads' }),
  header: Type.String({ description: 'the request header that carries the ticket' }),
  endpoint: Type.String({ description: 'the tus creation URL (same origin, outside /api/)' }),
  maxBytes: Type.Integer({ description: `the largest file accepted (${WORK_UPLOAD_MAX_BYTES} bytes)` }),
  chunkBytes: Type.Integer({ description: 'the largest PATCH body the page should send' }),
  expiresAt: DateTime,
});
export type UploadTicket = Static<typeof UploadTicket>;

/** works/post: a finished upload becomes a work in state processing. */
export const WorkPostBody = body({
  uploadId: UploadId,
  title: Title,
  description: Type.Optional(Description),
  categoryId: Id,
  tagIds: Type.Optional(TagIds),
  collectionId: Type.Optional(Id),
  isPublic: Type.Optional(Type.Boolean({ description: 'false keeps the work to its author once ready (default true)' })),
});
export type WorkPostBody = Static<typeof WorkPostBody>;

/** A tag or category as a choice. */
const Choice = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One of the member's works as they see it. */
export const MyWork = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  categoryId: Type.Integer(),
  tags: Type.Array(Choice),
  collection: Nullable(Choice),
  state: Type.Enum([...WORK_STATES]),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'percent transcoded; 100 once ready' }),
  failReason: Nullable(Type.Enum([...WORK_FAIL_REASONS])),
  rejectReason: Nullable(Type.String({ description: 'why an operator rejected it' })),
  isPublic: Type.Boolean({ description: 'shown to everyone once ready (and published); false keeps it to its author' }),
  videoId: Nullable(Type.Integer({ description: 'the video page id (/videoDetails?id=) once transcoded' })),
  cover: Type.String({ description: "the poster's path once transcoded, else ''" }),
  coverWidth: Type.Integer(),
  coverHeight: Type.Integer(),
  duration: Type.Integer({ description: 'seconds; 0 until probed' }),
  views: Type.Integer(),
  createdAt: DateTime,
});
export type MyWork = Static<typeof MyWork>;

/** works/media: a page of the member's works, newest first, optionally of one collection. */
export const WorksMediaBody = body({ ...PageBody.properties, collectionId: Type.Optional(Id) });
export type WorksMediaBody = Static<typeof WorksMediaBody>;

/** works/modify/media: the fields named change; the others stay. collectionId null takes the work out of its collection. */
export const WorkModifyBody = body({
  id: Id,
  title: Type.Optional(Title),
  description: Type.Optional(Description),
  categoryId: Type.Optional(Id),
  tagIds: Type.Optional(TagIds),
  collectionId: Type.Optional(Nullable(Id)),
});
export type WorkModifyBody = Static<typeof WorkModifyBody>;

/** works/modify/show: public or private. */
export const WorkShowBody = body({ id: Id, isPublic: Type.Boolean() });
export type WorkShowBody = Static<typeof WorkShowBody>;

/** works/select/tags: the categories a work is posted in and the tags it may carry, by group. */
export const WorkTagChoices = Type.Object({
  categories: Type.Array(Choice),
  groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), tags: Type.Array(Choice) })),
});
export type WorkTagChoices = Static<typeof WorkTagChoices>;

/** One of the member's collections. */
export const WorkCollection = Type.Object({ id: Type.Integer(), name: Type.String(), workCount: Type.Integer(), createdAt: DateTime });
export type WorkCollection = Static<typeof WorkCollection>;

export const WorkCollectionCreateBody = body({ name: CollectionName });
export type WorkCollectionCreateBody = Static<typeof WorkCollectionCreateBody>;

export const WorkCollectionModifyBody = body({ id: Id, name: CollectionName });
export type WorkCollectionModifyBody = Static<typeof WorkCollectionModifyBody>;
