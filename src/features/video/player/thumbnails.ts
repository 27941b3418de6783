import type { Thumbnails } from '../../../../protocol/api.ts';

/**
 * Progress-bar preview math: which tile of the sprite sheet shows a time, where that tile sits in
 * the sheet, and where the preview box goes above the bar without leaving the player.
 */
export interface TilePosition {
  index: number;
  /** Offsets into the sheet, in CSS pixels at the tile's own size. */
  x: number;
  y: number;
}

export function thumbnailTile(time: number, thumbnails: Thumbnails): TilePosition {
  const { interval, columns, rows, width, height } = thumbnails;
  const last = columns * rows - 1;
  const raw = Number.isFinite(time) && interval > 0 ? Math.floor(Math.max(0, time) / interval) : 0;
  const index = Math.min(raw, last);
  return { index, x: (index % columns) * width, y: Math.floor(index / columns) * height };
}

/** CSS for a `width` x `height` box showing the tile of `time` from the sheet at `src`. */
export function thumbnailStyle(time: number, thumbnails: Thumbnails, src: string) {
  const { x, y } = thumbnailTile(time, thumbnails);
  return {
    width: thumbnails.width,
    height: thumbnails.height,
    backgroundImage: src ? `url("${src}")` : undefined,
    backgroundPosition: `${-x}px ${-y}px`,
    backgroundSize: `${thumbnails.columns * thumbnails.width}px ${thumbnails.rows * thumbnails.height}px`,
  };
}

/** The time under a pointer at `x` px across a bar `barWidth` px wide, for a video `duration` s long. */
export function timeAtPointer(x: number, barWidth: number, duration: number): number {
  if (!(barWidth > 0) || !(duration > 0)) return 0;
  return (Math.min(Math.max(x, 0), barWidth) / barWidth) * duration;
}

/** Left edge of a `boxWidth` box centred on `x`, kept inside a bar `barWidth` px wide. */
export function previewLeft(x: number, barWidth: number, boxWidth: number): number {
  if (barWidth <= boxWidth) return (barWidth - boxWidth) / 2;
  return Math.min(Math.max(x - boxWidth / 2, 0), barWidth - boxWidth);
}
