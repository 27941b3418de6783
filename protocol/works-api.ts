/**
 * Paths, limits and wire types of works: videos members upload and manage. Conventions as in
 * api.ts: every call is POST with a JSON body; lists are Page<T> with page (1-based) and pageSize
 * (1..50). The file itself travels by tus 1.0 (resumable) to TUS_PATH, outside /api/, with the
 * ticket of works/upload/media in the TUS_TICKET_HEADER header. The wire types are the contracts in
 * contracts/works.ts, re-exported here.
 */
export const WORKS_API = {
  /** A short-lived ticket for one resumable upload (members only). */
  uploadMedia: '/api/app/works/upload/media',
  /** Makes a finished upload a work: title, description, category, tags, collection; transcoding starts. */
  post: '/api/app/works/post',
  /** The member's works, newest first, each with its state (processing with percent, ready, failed, pending, rejected). */
  media: '/api/app/works/media',
  /** Edits the title, description, category, tags or collection of one's own work. */
  modifyMedia: '/api/app/works/modify/media',
  /** Makes one's own work public or private. */
  modifyShow: '/api/app/works/modify/show',
  /** The categories and tags a work may carry. */
  selectTags: '/api/app/works/select/tags',
  /** The member's collections. */
  collect: '/api/app/works/collect',
  collectCreate: '/api/app/works/collect/create',
  collectModify: '/api/app/works/collect/modify',
} as const;

/** Where tus requests go (creation: POST TUS_PATH; an upload: TUS_PATH/<id>). Not under /api/: the service worker leaves it alone. */
export const TUS_PATH = '/upload/tus';
/** The header every tus request carries the upload ticket in. */
export const TUS_TICKET_HEADER = 'x-upload-ticket';

/** The largest video a member may upload, in bytes. */
export const WORK_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
/** The page sends a file in PATCH requests of at most this many bytes, so each stays short on a slow line. */
export const WORK_UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** How long a ticket may create an upload and reach it. */
export const WORK_TICKET_TTL_MS = 60 * 60_000;

/** Characters (code points after NFKC) of a work's title, description and a collection's name. */
export const WORK_TITLE_MAX = 40;
export const WORK_DESCRIPTION_MAX = 500;
export const WORK_TAGS_MAX = 3;
export const COLLECTION_NAME_MAX = 20;
/** Collections one member may have. */
export const COLLECTIONS_MAX = 50;

/**
 * What the member sees of a work: processing (transcoding, with a percent), ready (playable, and
 * public or private as they chose), failed (with a reason), pending (transcoded, held for review by
 * the deployment), rejected (by an operator, with a reason).
 */
export const WORK_STATES = ['processing', 'ready', 'failed', 'pending', 'rejected'] as const;
export type WorkState = (typeof WORK_STATES)[number];

/**
 * Why a work failed: the file is empty, not a video (its content, not its name, decides), has no
 * video stream, is too long, its upload is gone, or the transcoder failed after its retries.
 */
export const WORK_FAIL_REASONS = ['empty', 'not-video', 'no-video-stream', 'too-long', 'missing-source', 'transcode-failed'] as const;
export type WorkFailReason = (typeof WORK_FAIL_REASONS)[number];

/** The longest video transcoded, in seconds. */
export const WORK_MAX_SECONDS = 2 * 3600;

export type {
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
} from './contracts/works.ts';
