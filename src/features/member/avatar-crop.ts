/** The side of a stored avatar: sharp enough for the largest avatar slot at pixel ratio 3. */
export const AVATAR_SIZE = 512;
/** Pictures larger than this are refused before they are decoded (a phone photo is well under it). */
export const AVATAR_SOURCE_MAX_BYTES = 20 * 1024 * 1024;

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The square `area` (in the picture's own pixels) of the picture at `src`, at most `size` px a side
 * and never enlarged, as WebP (PNG where the browser cannot write WebP; the server re-encodes
 * either). The picture is the member's own file, so drawing it on the page is no secret's business.
 */
export async function cropToSquare(src: string, area: CropArea, size: number): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const side = Math.max(1, Math.min(size, Math.round(Math.min(area.width, area.height))));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/webp', 0.9));
}
