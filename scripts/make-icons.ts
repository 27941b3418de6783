// Draws the app icons (public/icons/*.png): a play mark on the theme colour, supersampled for smooth
// edges, encoded by sharp. Run: npx tsx scripts/make-icons.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'public', 'icons');
const BACKGROUND = [0x0f, 0x0f, 0x14] as const;
const ACCENT = [0xff, 0x3d, 0x6e] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const SAMPLES = 4;

type Rgba = [number, number, number, number];

interface IconSpec {
  file: string;
  size: number;
  /** Rounded transparent corners for "any" icons; full bleed where the platform masks it. */
  rounded: boolean;
  /** Radius of the accent disc as a share of the icon size; maskable icons keep inside the safe zone. */
  disc: number;
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, rounded: true, disc: 0.34 },
  { file: 'icon-512.png', size: 512, rounded: true, disc: 0.34 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, disc: 0.26 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, disc: 0.3 },
];

/** Colour of one point in unit coordinates (0..1), or null outside the icon. */
function shade(x: number, y: number, spec: IconSpec): readonly [number, number, number] | null {
  if (spec.rounded && !insideRoundedSquare(x, y, 0.22)) return null;
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = spec.disc;
  if (dx * dx + dy * dy > r * r) return BACKGROUND;
  // An equilateral play triangle, nudged right so it looks centred.
  const h = r * 0.95;
  const left = 0.5 - h * 0.42;
  const right = left + h * 0.9;
  const half = (h * 0.9) / Math.sqrt(3);
  if (x >= left && x <= right) {
    const reach = half * (1 - (x - left) / (right - left));
    if (Math.abs(dy) <= reach) return WHITE;
  }
  return ACCENT;
}

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius;
}

function render(spec: IconSpec): Uint8Array {
  const { size } = spec;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum: Rgba = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = shade((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, spec);
          if (!c) continue;
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
          sum[3] += 255;
        }
      }
      const covered = sum[3] / 255;
      const o = (py * size + px) * 4;
      if (covered > 0) {
        pixels[o] = Math.round(sum[0] / covered);
        pixels[o + 1] = Math.round(sum[1] / covered);
        pixels[o + 2] = Math.round(sum[2] / covered);
      }
      pixels[o + 3] = Math.round(sum[3] / (SAMPLES * SAMPLES));
    }
  }
  return pixels;
}

mkdirSync(OUT, { recursive: true });
for (const spec of ICONS) {
  await sharp(render(spec), { raw: { width: spec.size, height: spec.size, channels: 4 } })
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, spec.file));
  console.log(`wrote public/icons/${spec.file}`);
}
