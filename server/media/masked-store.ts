import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { maskImage } from '../../protocol/image-mask.ts';

/** Writes an image masked with MD_IMAGE_KEY under MEDIA_DIR/img/<path>, atomically. */
export async function writeMaskedImage(imgDir: string, path: string, bytes: Uint8Array, imageKey: string): Promise<void> {
  const target = join(imgDir, path);
  await mkdir(dirname(target), { recursive: true });
  const scratch = `${target}.tmp-${process.pid}`;
  await writeFile(scratch, maskImage(bytes, imageKey));
  await rename(scratch, target);
}

export function imageExists(imgDir: string, path: string): boolean {
  return existsSync(join(imgDir, path));
}
