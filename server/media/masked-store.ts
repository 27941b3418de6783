import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { maskImage } from '../../protocol/image-mask.ts';

/** Writes an image masked with MD_IMAGE_KEY under MEDIA_DIR/img/<path>, atomically. */
export async function writeMaskedImage(imgDir: string, path: string, bytes: Uint8Array, imageKey: string): Promise<void> {
  const target = join(imgDir, path);
  await mkdir(dirname(target), { recursive: true });
  // Unique per write: two servers of one process (tests, a rolling restart) may seed the same folder at once.
  const scratch = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(scratch, maskImage(bytes, imageKey));
  await rename(scratch, target);
}

export function imageExists(imgDir: string, path: string): boolean {
  return existsSync(join(imgDir, path));
}
