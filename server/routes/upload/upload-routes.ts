import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, type UploadResult } from '../../../protocol/api.ts';
import { detectImageType } from '../../../protocol/image-mask.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../plugins/api-error.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import { EXTENSIONS, imageSize } from '../../media/image-size.ts';
import { writeMaskedImage } from '../../media/masked-store.ts';
import { envelopeOf, signedHeaders, uploadResult } from '../schemas.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 9;

interface Checked extends UploadResult {
  bytes: Buffer;
}

/** Reads every `file` part; the type comes from the bytes, never from the name or the declared type. */
async function readImages(request: FastifyRequest, max: number): Promise<Checked[]> {
  if (!request.isMultipart()) throw badRequest('参数错误: 请使用 multipart/form-data 上传');
  const out: Checked[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const file = part as MultipartFile;
    if (file.fieldname !== 'file') {
      await file.toBuffer();
      continue;
    }
    if (out.length >= max) throw badRequest(`最多上传${max}张图片`);
    const bytes = await file.toBuffer();
    const type = detectImageType(bytes);
    const size = type ? imageSize(bytes, type) : null;
    if (!type || !size) throw badRequest(`文件不是有效的图片: ${file.filename || 'file'}`);
    out.push({ bytes, path: `uploads/${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`, type, ...size });
  }
  if (out.length === 0) throw badRequest('参数错误: file');
  return out;
}

async function store(ctx: AppContext, request: FastifyRequest, images: Checked[]): Promise<UploadResult[]> {
  const imgDir = join(ctx.config.mediaDir, 'img');
  await Promise.all(images.map((i) => writeMaskedImage(imgDir, i.path, i.bytes, ctx.config.keys.imageKey)));
  await ctx.uploads.record(
    images.map((i) => ({ path: i.path, userId: request.user!.id, type: i.type, width: i.width, height: i.height, size: i.bytes.length })),
  );
  return images.map(({ path, width, height, type }) => ({ path, width, height, type }));
}

const multipartBody = (max: number) => ({
  description: `multipart/form-data with ${max === 1 ? 'one' : `1..${max}`} \`file\` field(s), each an image of at most 5 MiB (PNG, JPEG, GIF, WebP, AVIF). Signed with BODY_HASH = UNSIGNED-PAYLOAD.`,
});

export async function uploadRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.post(
    API.uploadImg,
    {
      config: { auth: 'required' },
      schema: {
        summary: 'Uploads one image',
        description: multipartBody(1).description,
        tags: ['upload'],
        headers: signedHeaders,
        response: { 200: envelopeOf(uploadResult, 'UploadResult') },
      },
    },
    async (request) => {
      const [result] = await store(ctx, request, await readImages(request, 1));
      return okEnvelope(ctx, result);
    },
  );

  api.post(
    API.uploadImages,
    {
      config: { auth: 'required' },
      schema: {
        summary: 'Uploads up to nine images',
        description: multipartBody(MAX_UPLOAD_FILES).description,
        tags: ['upload'],
        headers: signedHeaders,
        response: { 200: envelopeOf({ type: 'object', properties: { list: { type: 'array', items: uploadResult } } }, '{ list: UploadResult[] }') },
      },
    },
    async (request) => okEnvelope(ctx, { list: await store(ctx, request, await readImages(request, MAX_UPLOAD_FILES)) }),
  );
}
