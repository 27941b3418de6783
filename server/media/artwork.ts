/** Demo artwork, drawn pixel by pixel; sharp encodes it (server/media/variants.ts). */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * A distinct artwork per seed, as RGB pixels: a diagonal two-hue gradient with soft discs, so every
 * cover in the demo catalogue looks different without shipping binary assets.
 */
export function artwork(width: number, height: number, seed: number): Uint8Array {
  let state = (seed * 2654435761) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0xffffffff;
  };
  const hue = rand() * 360;
  const from = hsl(hue, 0.65, 0.45);
  const to = hsl((hue + 60 + rand() * 120) % 360, 0.7, 0.25);
  const discs = Array.from({ length: 5 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.08 + rand() * 0.25) * height,
    color: hsl((hue + rand() * 180) % 360, 0.8, 0.6),
  }));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const d of discs) {
        const dist = Math.hypot(x - d.x, y - d.y);
        if (dist < d.r) {
          const a = 0.55 * (1 - dist / d.r);
          r += (d.color[0] - r) * a;
          g += (d.color[1] - g) * a;
          b += (d.color[2] - b) * a;
        }
      }
      const i = (y * width + x) * 3;
      rgb[i] = r;
      rgb[i + 1] = g;
      rgb[i + 2] = b;
    }
  }
  return rgb;
}
