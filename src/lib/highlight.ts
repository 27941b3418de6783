export interface Segment {
  text: string;
  match: boolean;
}

/**
 * Splits text into plain and matching runs of the keyword, case-insensitively for Latin letters,
 * so results can wrap matches in <mark> while every run stays plain escaped text.
 */
export function highlightSegments(text: string, keyword: string): Segment[] {
  const needle = keyword.trim();
  if (!needle || !text) return text ? [{ text, match: false }] : [];
  const lower = text.toLowerCase();
  // Case folding that changes lengths (rare scripts) would misplace offsets: match exactly then.
  const folded = lower.length === text.length;
  const hay = folded ? lower : text;
  const pin = folded ? needle.toLowerCase() : needle;
  const out: Segment[] = [];
  let from = 0;
  for (let at = hay.indexOf(pin); at !== -1; at = hay.indexOf(pin, at + pin.length)) {
    if (at > from) out.push({ text: text.slice(from, at), match: false });
    out.push({ text: text.slice(at, at + pin.length), match: true });
    from = at + pin.length;
  }
  if (from < text.length) out.push({ text: text.slice(from), match: false });
  return out;
}
