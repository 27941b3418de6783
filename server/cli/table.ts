/** Plain-text tables for the tool's human output (CJK characters count as two columns). */

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}

/** `text` cut to at most `max` columns, with … when cut; line breaks become spaces. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (displayWidth(flat) <= max) return flat;
  let out = '';
  for (const ch of flat) {
    if (displayWidth(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

/** Rows under a header line, each column as wide as its widest cell. */
export function table(headers: string[], rows: (string | number | null | undefined)[][]): string[] {
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => pad(c, widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)];
}

/** A page's footer: which items of how many, and how to see more. */
export function pageLine(page: { page: number; pageSize: number; total: number; hasMore: boolean }): string {
  if (page.total === 0) return '(none)';
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.total, page.page * page.pageSize);
  return `${first}-${last} of ${page.total}${page.hasMore ? ` (next: --page ${page.page + 1})` : ''}`;
}
