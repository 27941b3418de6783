import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type OutputInfo } from 'sharp';
import { detectImageType } from '../../protocol/image-mask.ts';

/**
 * Pixels decoded at most, all frames together: a file of a few kilobytes can declare a canvas
 * whose decoding would take gigabytes.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;
/** A pathological file must not hold a libuv thread for long. */
const TIMEOUT_SECONDS = 30;
// The longest magic of an accepted type: AVIF's brand ends at byte 12.
const SNIFF_BYTES = 12;

export interface ReencodedImage {
  /** The WebP written from the decoded pixels; nothing of the input's bytes survives. */
  bytes: Buffer;
  width: number;
  /** Of one frame when the image is animated. */
  height: number;
  /** Bytes read from the input. */
  inputBytes: number;
}

/** The input is not an image we take: not one of the accepted types, undecodable, or too large. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: 'invalid' | 'too-many-pixels') {
    super(reason === 'invalid' ? 'not a decodable image of an accepted type' : 'image exceeds the pixel limit');
    this.name = 'ImageRejectedError';
  }
}

/**
 * Passes the stream through once its first bytes are those of an accepted type (PNG, JPEG, GIF,
 * WebP, AVIF): libvips would also decode SVG, TIFF and more, which uploads never need.
 */
function acceptedTypesOnly(counted: { bytes: number }): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const verdict = (bytes: Buffer) => (detectImageType(bytes) ? null : new ImageRejectedError('invalid'));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return done();
      const first = head;
      head = null;
      done(verdict(first), first);
    },
    flush(done) {
      if (head === null) return done();
      const first = head;
      head = null;
      done(verdict(first), first);
    },
  });
}

/**
 * Decodes the image streaming from `input` and encodes it again as WebP: turned upright, without
 * metadata (EXIF, GPS, ICC profiles, comments), animation kept. Whatever the input carried besides
 * its pixels (a script appended to a GIF, a second file inside) is gone. Errors of `input` itself
 * (a cut-off upload) are thrown as they are; everything else about the image is an ImageRejectedError.
 */
export async function reencodeImage(input: Readable): Promise<ReencodedImage> {
  const counted = { bytes: 0 };
  const chunks: Buffer[] = [];
  let info: OutputInfo | undefined;
  const encoder = sharp({ animated: true, failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .webp({ quality: WEBP_QUALITY })
    .timeout({ seconds: TIMEOUT_SECONDS })
    .on('info', (i: OutputInfo) => (info = i));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    await pipeline(input, acceptedTypesOnly(counted), encoder, sink);
  } catch (error) {
    if (input.errored) throw input.errored;
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError(/pixel limit/i.test(String((error as Error).message)) ? 'too-many-pixels' : 'invalid');
  }
  if (!info) throw new ImageRejectedError('invalid');
  return { bytes: Buffer.concat(chunks), width: info.width, height: info.pageHeight ?? info.height, inputBytes: counted.bytes };
}
