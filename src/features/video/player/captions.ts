/** The caption tracks a stream names (DASH text adaptation sets), as the player's CC menu lists them. */

/** What the menu needs of a shaka text track. */
export interface TextTrackLike {
  id: number;
  language: string;
  label: string | null;
  kind: string | null;
}

export interface CaptionOption {
  /** The language as the stream names it (`zh`, `en`): what the app store remembers. */
  language: string;
  /** The manifest's label (each language in its own words: 中文, English), else the language code. */
  label: string;
}

/** The primary subtag, lower case: `zh-CN` and `zh` are one language here. */
const primary = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? '';

export function sameLanguage(a: string, b: string): boolean {
  return a !== '' && b !== '' && primary(a) === primary(b);
}

/** One choice per language, in the stream's order; subtitles and captions only (no chapters or metadata). */
export function captionOptions(tracks: readonly TextTrackLike[]): CaptionOption[] {
  const options: CaptionOption[] = [];
  for (const track of tracks) {
    if (track.kind && track.kind !== 'subtitle' && track.kind !== 'caption') continue;
    if (!track.language || options.some((o) => sameLanguage(o.language, track.language))) continue;
    options.push({ language: track.language, label: track.label || track.language });
  }
  return options;
}

/** The track to show for the remembered language, or null (关闭, or a language this video does not have). */
export function captionTrackFor<T extends TextTrackLike>(tracks: readonly T[], language: string): T | null {
  if (!language) return null;
  return tracks.find((t) => sameLanguage(t.language, language)) ?? null;
}
