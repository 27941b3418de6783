import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { API, GUEST_UPLOAD_PURPOSES, type UploadPurpose } from '../../../protocol/api.ts';
import { CODES } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { localDay } from '../../jobs/local-day.ts';
import sharp from 'sharp';
import { encodeVariants, removeImageSet, widthsFor, writeImageSet } from '../../media/variants.ts';
import { ImageRejectedError, reencodeImage, type ReencodedImage } from '../../media/reencode.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import type { Counter } from '../../plugins/stores.ts';
import { UploadList, UploadQuery, UploadResult } from '../../../protocol/contracts/app.ts';
import { endpoints } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 9;

const MiB = 1024 * 1024;
export const UPLOAD_RATE_WINDOW_MS = 10 * 60_000;
/** Per caller: files per rate window (attempts, failed ones included) and stored files and bytes per local day. */
export const UPLOAD_LIMITS = {
  guest: { filesPerWindow: 10, filesPerDay: 3, bytesPerDay: 5 * MiB },
  member: { filesPerWindow: 30, filesPerDay: 200, bytesPerDay: 100 * MiB },
} as const;
type Limits = (typeof UPLOAD_LIMITS)[keyof typeof UPLOAD_LIMITS];
// A day's keys are only hit during that local day; living two days covers any hour they start at.
const DAY_KEY_TTL_MS = 2 * 86_400_000;

const TIPS = {
  guestPurpose: '游客不能上传此类图片，请先登录',
  tooFast: '上传过于频繁，请稍后再试',
  dailyQuota: '今日上传额度已用完',
  malformed: '参数错误: 上传内容格式不正确',
} as const;

/** The counter keys of one caller's upload limits (tests clear them on a shared Redis). */
export function uploadCounterKeys(userId: number, day: string) {
  return { rate: `upload:rate:${userId}`, files: `upload:files:${day}:${userId}`, bytes: `upload:bytes:${day}:${userId}` };
}
type CounterKeys = ReturnType<typeof uploadCounterKeys>;

/** Adds `amount` and compares the answer; over the limit the hit is taken back and the call refused. */
async function admit(counter: Counter, key: string, windowMs: number, amount: number, limit: number, tip: string): Promise<void> {
  if ((await counter.hit(key, windowMs, amount)) > limit) {
    await counter.release(key, amount);
    throw new ApiError(CODES.TOO_MANY, tip);
  }
}

/** Daily quota taken by one request: kept when it stores its images, given back when it fails. */
class Reservation {
  private readonly taken: { key: string; amount: number }[] = [];

  constructor(private readonly counter: Counter) {}

  async take(key: string, amount: number, limit: number): Promise<void> {
    await admit(this.counter, key, DAY_KEY_TTL_MS, amount, limit, TIPS.dailyQuota);
    this.taken.push({ key, amount });
  }

  /** Keeps `amount` of what was taken under `key` and gives back the rest. */
  async keep(key: string, amount: number): Promise<void> {
    const entry = this.taken.find((t) => t.key === key);
    if (!entry || entry.amount <= amount) return;
    const extra = entry.amount - amount;
    entry.amount = amount;
    await this.counter.release(key, extra);
  }

  async giveBackAll(): Promise<void> {
    await Promise.all(this.taken.splice(0).map(({ key, amount }) => this.counter.release(key, amount)));
  }
}

interface UploadQuery {
  purpose: UploadPurpose;
  requestId?: string;
}

interface Encoded extends ReencodedImage {
  path: string;
}

/** A parser failure (cut-off body, bad boundary or part headers, a limit) as the caller's bad input. */
function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest('请求体过大');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('文件数量超出限制');
  }
  return badRequest(TIPS.malformed);
}

/**
 * Re-encodes every `file` part as it streams in; the type comes from the bytes, never from the
 * name or the declared type. Each file takes its daily count and its rate before it is decoded.
 */
async function readImages(
  request: FastifyRequest,
  counter: Counter,
  reservation: Reservation,
  keys: CounterKeys,
  limits: Limits,
  max: number,
): Promise<Encoded[]> {
  const out: Encoded[] = [];
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw multipartError(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw multipartError(error);
    }
    if (next.done) break;
    if (next.value.type !== 'file') continue;
    const part: MultipartFile = next.value;
    if (part.fieldname !== 'file') {
      // Read past it: the parser hands over the next part only once this one is consumed.
      part.file.resume();
      continue;
    }
    if (out.length >= max) throw badRequest(`最多上传${max}张图片`);
    await reservation.take(keys.files, 1, limits.filesPerDay);
    await admit(counter, keys.rate, UPLOAD_RATE_WINDOW_MS, 1, limits.filesPerWindow, TIPS.tooFast);
    const name = part.filename || 'file';
    let image: ReencodedImage;
    try {
      image = await reencodeImage(part.file);
    } catch (error) {
      if (part.file.truncated) throw badRequest('请求体过大');
      if (error instanceof ImageRejectedError) {
        throw badRequest(error.reason === 'too-many-pixels' ? `图片尺寸过大: ${name}` : `文件不是有效的图片: ${name}`);
      }
      throw multipartError(error);
    }
    // Past the size limit the parser ends the part early; what was decoded is not the whole file.
    if (part.file.truncated) throw badRequest('请求体过大');
    out.push({ ...image, path: `uploads/${randomBytes(12).toString('hex')}.webp` });
  }
  if (out.length === 0) throw badRequest('参数错误: file');
  return out;
}

async function store(ctx: AppContext, userId: number, purpose: UploadPurpose, images: Encoded[]): Promise<UploadResult[]> {
  const imgDir = join(ctx.config.mediaDir, 'img');
  try {
    // The re-encoded full size, plus the widths the pages ask for (a 256 px avatar slot needs no 2000 px file).
    await Promise.all(
      images.map(async (i) => {
        const variants = await encodeVariants(sharp(i.bytes, { animated: true }), widthsFor(i.width));
        await writeImageSet(imgDir, i.path, { full: i.bytes, width: i.width, height: i.height, variants }, ctx.config.keys.imageKey);
      }),
    );
    await ctx.uploads.record(
      images.map((i) => ({ path: i.path, userId, type: 'image/webp', width: i.width, height: i.height, size: i.bytes.length, purpose })),
    );
  } catch (error) {
    // Files without their rows would never be swept.
    await Promise.all(images.map((i) => removeImageSet(imgDir, i.path)));
    throw error;
  }
  return images.map(({ path, width, height }) => ({ path, width, height, type: 'image/webp' }));
}

/**
 * One upload call: purpose, then the day's bytes (the declared Content-Length, reserved before
 * anything is read), then per file the day's files and the rate, then decoding and storing.
 * The day's quota taken by a call that fails is given back; its rate hits stay, as decoding ran.
 */
async function upload(ctx: AppContext, request: FastifyRequest, max: number): Promise<UploadResult[]> {
  const { purpose } = request.query as UploadQuery;
  const user = request.user!;
  if (!user.is_user && !GUEST_UPLOAD_PURPOSES.includes(purpose)) throw new ApiError(CODES.FORBIDDEN, TIPS.guestPurpose);
  if (!request.isMultipart()) throw badRequest('参数错误: 请使用 multipart/form-data 上传');
  const declared = Number(request.headers['content-length']);
  if (!Number.isSafeInteger(declared) || declared < 0) throw badRequest('参数错误: 缺少 Content-Length');
  const limits = user.is_user ? UPLOAD_LIMITS.member : UPLOAD_LIMITS.guest;
  // More than a whole day's quota in one call is an oversized body, whatever was used today.
  if (declared > limits.bytesPerDay) throw badRequest('请求体过大');

  const keys = uploadCounterKeys(user.id, localDay(new Date(), ctx.config.timeZone));
  const reservation = new Reservation(ctx.stores.counter);
  try {
    await reservation.take(keys.bytes, declared, limits.bytesPerDay);
    const images = await readImages(request, ctx.stores.counter, reservation, keys, limits, max);
    // The quota counts the image files, not the multipart framing around them.
    await reservation.keep(
      keys.bytes,
      images.reduce((sum, i) => sum + i.inputBytes, 0),
    );
    return await store(ctx, user.id, purpose, images);
  } catch (error) {
    await reservation.giveBackAll();
    // As Node does with a body nobody reads: discard the rest, so the connection can carry the next request.
    if (!request.raw.complete) request.raw.unpipe().resume();
    throw error;
  }
}

const multipartDescription = (max: number) =>
  `multipart/form-data with ${max === 1 ? 'one' : `1..${max}`} \`file\` field(s), each an image of at most 5 MiB (PNG, JPEG, GIF, WebP, AVIF), sent with a Content-Length. ` +
  'Each image is decoded and stored re-encoded as WebP without metadata (animation kept). Signed with BODY_HASH = UNSIGNED-PAYLOAD. ' +
  `Limits per caller (1008 beyond): guests ${UPLOAD_LIMITS.guest.filesPerWindow} files per ${UPLOAD_RATE_WINDOW_MS / 60_000} minutes, ` +
  `${UPLOAD_LIMITS.guest.filesPerDay} files and ${UPLOAD_LIMITS.guest.bytesPerDay / MiB} MiB a day, for ${GUEST_UPLOAD_PURPOSES.join(', ')} only; members ` +
  `${UPLOAD_LIMITS.member.filesPerWindow} files per ${UPLOAD_RATE_WINDOW_MS / 60_000} minutes, ${UPLOAD_LIMITS.member.filesPerDay} files and ${UPLOAD_LIMITS.member.bytesPerDay / MiB} MiB a day.`;

export async function uploadRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'upload');
  const uploads = (max: number) => ({ description: multipartDescription(max), auth: 'required', changes: true, querystring: UploadQuery }) as const;

  endpoint(API.uploadImg, { summary: 'Uploads one image', ...uploads(1), answer: UploadResult, answerName: 'UploadResult' }, async (request) => {
    const [result] = await upload(ctx, request, 1);
    return result!;
  });

  endpoint(
    API.uploadImages,
    { summary: 'Uploads up to nine images', ...uploads(MAX_UPLOAD_FILES), answer: UploadList, answerName: '{ list: UploadResult[] }' },
    async (request) => ({ list: await upload(ctx, request, MAX_UPLOAD_FILES) }),
  );
}
