/**
 * The widths, in device pixels, every stored image also exists in (below its own width): a page
 * asks for one with `?w=` (PROTOCOL.md, Images). Cards use 160 to 480, banners and wide covers 750
 * to 1500.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 750, 960, 1280, 1500] as const;

/** A stored width a little narrower than needed (up to 10 %) is close enough: the browser scales it. */
export const IMAGE_WIDTH_SLACK = 0.9;

/**
 * The stored width to ask for when a slot needs `devicePixels` px, or null for the full-size image
 * (wider than every step).
 */
export function imageWidthFor(devicePixels: number): number | null {
  return IMAGE_WIDTHS.find((w) => w >= devicePixels * IMAGE_WIDTH_SLACK) ?? null;
}
