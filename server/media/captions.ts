/**
 * WebVTT captions of the demo clips, in Chinese and English, served beside the segments and named in
 * the clip's DASH manifest as text adaptation sets, so the player lists them with the stream's own
 * tracks (shaka reads a text Representation that is a single BaseURL file).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipSource } from './transcode.ts';

export interface CaptionTrack {
  /** BCP 47, as the manifest's `lang`. */
  lang: string;
  /** What the player's CC menu shows: each language in its own words. */
  label: string;
  file: string;
}

export const CAPTION_TRACKS: readonly CaptionTrack[] = [
  { lang: 'zh', label: '中文', file: 'captions-zh.vtt' },
  { lang: 'en', label: 'English', file: 'captions-en.vtt' },
];

/** One cue every CUE_SECONDS, shown for all but the last half second of it. */
export const CUE_SECONDS = 4;
const CUE_GAP = 0.5;

/** The text of the n-th cue (from 1): neutral words about what the clip shows. */
export function cueText(source: Pick<ClipSource, 'picture' | 'tone'>, lang: string, n: number): string {
  return lang === 'zh' ? `第 ${n} 段 · ${source.picture.zh}\n${source.tone} 赫兹正弦音` : `Part ${n} · ${source.picture.en}\n${source.tone} Hz sine tone`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** hh:mm:ss.ttt of a WebVTT timestamp. */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** A clip's captions in one language: a cue every CUE_SECONDS across its whole length. */
export function captionsVtt(source: Pick<ClipSource, 'picture' | 'tone'>, seconds: number, lang: string): string {
  const lines = ['WEBVTT', ''];
  for (let n = 1, start = 0; start < seconds; n++, start += CUE_SECONDS) {
    const end = Math.min(seconds, start + CUE_SECONDS - CUE_GAP);
    lines.push(String(n), `${vttTime(start)} --> ${vttTime(end)}`, cueText(source, lang, n), '');
  }
  return lines.join('\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The manifest's text adaptation sets, one per track, each a single VTT file. */
function textAdaptationSets(tracks: readonly CaptionTrack[] = CAPTION_TRACKS): string {
  return tracks
    .map(
      (track, i) => `\t\t<AdaptationSet id="${100 + i}" contentType="text" mimeType="text/vtt" lang="${escapeXml(track.lang)}">
\t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle" />
\t\t\t<Label>${escapeXml(track.label)}</Label>
\t\t\t<Representation id="caption-${track.lang}" bandwidth="256">
\t\t\t\t<BaseURL>${track.file}</BaseURL>
\t\t\t</Representation>
\t\t</AdaptationSet>
`,
    )
    .join('');
}

export function hasCaptions(manifest: string): boolean {
  return manifest.includes('contentType="text"');
}

/** The manifest with the caption tracks added at the end of its period (unchanged when it has them). */
export function withCaptions(manifest: string, tracks: readonly CaptionTrack[] = CAPTION_TRACKS): string {
  if (hasCaptions(manifest)) return manifest;
  const end = manifest.lastIndexOf('</Period>');
  if (end < 0) throw new Error('the manifest has no period');
  // At the start of the closing tag's line, so the sets sit indented like the others.
  const line = manifest.lastIndexOf('\n', end) + 1;
  return `${manifest.slice(0, line)}${textAdaptationSets(tracks)}${manifest.slice(line)}`;
}

/**
 * Writes a clip's caption files and names them in its manifest. Answers false when the manifest
 * already has them; the caller then leaves its compressed copies as they are.
 */
export async function addCaptions(clipDir: string, source: Pick<ClipSource, 'picture' | 'tone'>, seconds: number): Promise<boolean> {
  const manifestFile = join(clipDir, 'manifest.mpd');
  const manifest = await readFile(manifestFile, 'utf8');
  if (hasCaptions(manifest)) return false;
  await Promise.all(CAPTION_TRACKS.map((track) => writeFile(join(clipDir, track.file), captionsVtt(source, seconds, track.lang))));
  await writeFile(manifestFile, withCaptions(manifest));
  return true;
}

/** A caption track with its WebVTT text (the operators' import: the files given with --subtitles). */
export interface CaptionText {
  lang: string;
  label: string;
  text: string;
}

/**
 * Writes given WebVTT tracks beside a clip's segments (captions-<n>.vtt) and names them in its
 * manifest, as the demo clips' captions are named. Answers false when the manifest has captions already.
 */
export async function addCaptionTexts(clipDir: string, captions: readonly CaptionText[]): Promise<boolean> {
  const manifestFile = join(clipDir, 'manifest.mpd');
  const manifest = await readFile(manifestFile, 'utf8');
  if (captions.length === 0 || hasCaptions(manifest)) return false;
  const tracks = captions.map((c, i) => ({ lang: c.lang, label: c.label, file: `captions-${i + 1}.vtt` }));
  await Promise.all(captions.map((c, i) => writeFile(join(clipDir, tracks[i]!.file), c.text)));
  await writeFile(manifestFile, withCaptions(manifest, tracks));
  return true;
}
