import { describe, expect, it } from 'vitest';
import type { Thumbnails } from '../../../../protocol/api.ts';
import { previewLeft, thumbnailStyle, thumbnailTile, timeAtPointer } from '../../../../src/features/video/player/thumbnails.ts';

const sheet: Thumbnails = { url: 'thumbs/clip-1.jpg', interval: 2, columns: 10, rows: 3, width: 160, height: 90 };

describe('progress-bar thumbnails', () => {
  it('finds the tile of a time row by row', () => {
    expect(thumbnailTile(0, sheet)).toEqual({ index: 0, x: 0, y: 0 });
    expect(thumbnailTile(1.99, sheet)).toEqual({ index: 0, x: 0, y: 0 });
    expect(thumbnailTile(2, sheet)).toEqual({ index: 1, x: 160, y: 0 });
    expect(thumbnailTile(19.5, sheet)).toEqual({ index: 9, x: 1440, y: 0 });
    expect(thumbnailTile(20, sheet)).toEqual({ index: 10, x: 0, y: 90 });
    expect(thumbnailTile(45, sheet)).toEqual({ index: 22, x: 320, y: 180 });
  });

  it('clamps times before the start, past the last tile and not a number', () => {
    expect(thumbnailTile(-3, sheet).index).toBe(0);
    expect(thumbnailTile(10_000, sheet)).toEqual({ index: 29, x: 1440, y: 180 });
    expect(thumbnailTile(Number.NaN, sheet).index).toBe(0);
    expect(thumbnailTile(5, { ...sheet, interval: 0 }).index).toBe(0);
  });

  it('styles a 160x90 box onto the tile at full sheet size', () => {
    const style = thumbnailStyle(21, sheet, 'blob:abc');
    expect(style).toEqual({
      width: 160,
      height: 90,
      backgroundImage: 'url("blob:abc")',
      backgroundPosition: '0px -90px',
      backgroundSize: '1600px 270px',
    });
    expect(thumbnailStyle(5, { ...sheet, columns: 8, rows: 1, interval: 1 }, '').backgroundImage).toBeUndefined();
    expect(thumbnailStyle(5, { ...sheet, columns: 8, rows: 1, interval: 1 }, 'x').backgroundPosition).toBe('-800px 0px');
  });

  it('maps the pointer to a time and keeps the box inside the bar', () => {
    expect(timeAtPointer(150, 300, 8)).toBe(4);
    expect(timeAtPointer(-20, 300, 8)).toBe(0);
    expect(timeAtPointer(400, 300, 8)).toBe(8);
    expect(timeAtPointer(10, 0, 8)).toBe(0);
    expect(previewLeft(150, 1000, 160)).toBe(70);
    expect(previewLeft(20, 1000, 160)).toBe(0);
    expect(previewLeft(990, 1000, 160)).toBe(840);
    expect(previewLeft(50, 100, 160)).toBe(-30);
  });
});
