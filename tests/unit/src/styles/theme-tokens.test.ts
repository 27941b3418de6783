import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../../../../src/lib/theme.ts';

const css = readFileSync('src/styles/tokens.css', 'utf8');

/** The custom properties of the block that starts with `selector {`. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const dark = block(':root');
const light = { ...dark, ...block(":root[data-theme='light']") };

function rgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`not a plain colour: ${value}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance and contrast ratio. */
const luminance = (c: [number, number, number]) =>
  c
    .map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
/** `colour` laid over `under` at `alpha` (a tinted surface, as color-mix draws it). */
function tint(colour: string, alpha: number, under: string): string {
  const [c, u] = [rgb(colour), rgb(under)];
  return `#${c
    .map((v, i) =>
      Math.round(v * alpha + u[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const SURFACES = ['bg', 'bg-elev', 'bg-elev-2'];
const TEXTS = ['text', 'text-dim', 'accent', 'danger', 'gold', 'success', 'silver', 'bronze'];

describe('the light theme (src/styles/tokens.css)', () => {
  it('redefines every colour the dark theme draws text or surfaces with', () => {
    for (const name of [...SURFACES, ...TEXTS, 'accent-contrast', 'gold-contrast', 'line', 'line-faint', 'header-bg', 'star-off']) {
      expect(block(":root[data-theme='light']"), name).toHaveProperty(name);
    }
  });

  it('draws every text colour at 4.5:1 or more on every surface and tint it sits on', () => {
    const pairs: [string, string, string][] = [];
    for (const text of TEXTS) for (const surface of SURFACES) pairs.push([`${text} on ${surface}`, light[text]!, light[surface]!]);
    pairs.push(['accent-contrast on accent', light['accent-contrast']!, light.accent!]);
    pairs.push(['gold-contrast on gold', light['gold-contrast']!, light.gold!]);
    // Active chips and tags: accent text on an 18% (24% when hovered) accent tint.
    for (const surface of SURFACES) pairs.push([`accent on its 18% tint of ${surface}`, light.accent!, tint(light.accent!, 0.18, light[surface]!)]);
    pairs.push(['accent on its 24% tint of bg', light.accent!, tint(light.accent!, 0.24, light.bg!)]);
    pairs.push(['danger on its 12% tint', light.danger!, tint(light.danger!, 0.12, light['bg-elev']!)]);
    const low = pairs.map(([what, a, b]) => [what, contrast(a, b)] as const).filter(([, ratio]) => ratio < 4.5);
    expect(low).toEqual([]);
  });

  it('gives the browser bar the page colour of each theme', () => {
    expect(light.bg).toBe(THEME_COLORS.light);
    expect(dark.bg).toBe(THEME_COLORS.dark);
  });
});

describe('the dark colours added with the light theme', () => {
  it('read at 4.5:1 or more', () => {
    expect(contrast(dark['gold-contrast']!, dark.gold!)).toBeGreaterThanOrEqual(4.5);
    for (const text of ['success', 'silver', 'bronze'])
      for (const surface of SURFACES) expect(contrast(dark[text]!, dark[surface]!), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
  });
});
