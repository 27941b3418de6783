/**
 * Reads and trims the DASH manifests the server writes (server/media/transcode.ts with ffmpeg's
 * dash muxer, captions added by server/media/captions.ts): SegmentTemplate with a SegmentTimeline
 * per Representation, and text tracks as one BaseURL file. A download needs the files of one
 * rendition, and a saved copy offers only the quality that was saved.
 */

export type RenditionKind = 'video' | 'audio' | 'text';

export interface DashRendition {
  id: string;
  kind: RenditionKind;
  /** Video only: the picture height, 360, 720 or 1080. */
  height?: number;
  bandwidth: number;
  /** The rendition's files, relative to the manifest, in playing order (initialization first). */
  files: string[];
}

const ADAPTATION_SET = /<AdaptationSet\b([^>]*)>([\s\S]*?)<\/AdaptationSet>/g;
const REPRESENTATION = /<Representation\b([^>]*?)(?:\/>|>([\s\S]*?)<\/Representation>)/g;

function attributes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of source.matchAll(/([\w:-]+)="([^"]*)"/g)) found[match[1]!] = match[2]!;
  return found;
}

function kindOf(set: Record<string, string>, representation: Record<string, string>): RenditionKind | null {
  const type = set.contentType ?? (set.mimeType ?? representation.mimeType ?? '').split('/')[0];
  return type === 'video' || type === 'audio' || type === 'text' ? type : null;
}

/** Fills a SegmentTemplate pattern: $RepresentationID$, $Bandwidth$, $Number$ and $Time$, with an optional %0Nd width. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$(\w*)(?:%0(\d+)d)?\$/g, (whole, name: string, width: string | undefined) => {
    if (name === '') return '$';
    const value = values[name];
    if (value === undefined) return whole;
    return width ? String(value).padStart(Number(width), '0') : String(value);
  });
}

/** Start times of the segments a SegmentTimeline lists (`r` repeats the previous duration). */
function timelineStarts(timeline: string): number[] {
  const starts: number[] = [];
  let time = 0;
  for (const match of timeline.matchAll(/<S\b([^>]*)\/?>/g)) {
    const s = attributes(match[1]!);
    if (s.t !== undefined) time = Number(s.t);
    const duration = Number(s.d);
    const repeats = Math.max(0, Number(s.r ?? 0));
    if (!Number.isFinite(duration) || duration <= 0) break;
    for (let i = 0; i <= repeats; i++) {
      starts.push(time);
      time += duration;
    }
  }
  return starts;
}

function filesOf(body: string, representation: Record<string, string>): string[] {
  const baseUrl = /<BaseURL>([^<]+)<\/BaseURL>/.exec(body)?.[1]?.trim();
  const templateMatch = /<SegmentTemplate\b([^>]*?)(?:\/>|>([\s\S]*?)<\/SegmentTemplate>)/.exec(body);
  if (!templateMatch) return baseUrl ? [baseUrl] : [];
  const template = attributes(templateMatch[1]!);
  const values = { RepresentationID: representation.id ?? '', Bandwidth: representation.bandwidth ?? '' };
  const files: string[] = [];
  if (template.initialization) files.push(fill(template.initialization, values));
  if (template.media) {
    const startNumber = Number(template.startNumber ?? 1);
    timelineStarts(templateMatch[2] ?? '').forEach((time, index) => {
      files.push(fill(template.media!, { ...values, Number: startNumber + index, Time: time }));
    });
  }
  return files;
}

/** Every rendition of a manifest with the files it is made of. */
export function dashRenditions(mpd: string): DashRendition[] {
  const renditions: DashRendition[] = [];
  for (const set of mpd.matchAll(ADAPTATION_SET)) {
    const setAttributes = attributes(set[1]!);
    for (const match of set[2]!.matchAll(REPRESENTATION)) {
      const representation = attributes(match[1]!);
      const kind = kindOf(setAttributes, representation);
      if (!kind || !representation.id) continue;
      const height = Number(representation.height ?? setAttributes.height);
      renditions.push({
        id: representation.id,
        kind,
        ...(kind === 'video' && Number.isFinite(height) ? { height } : {}),
        bandwidth: Number(representation.bandwidth ?? 0),
        files: filesOf(match[2] ?? '', representation),
      });
    }
  }
  return renditions;
}

/**
 * The renditions a download of `height` keeps: that video rendition (else the highest below it,
 * else the lowest), every audio rendition and every text track.
 */
export function downloadRenditions(mpd: string, height: number): DashRendition[] {
  const all = dashRenditions(mpd);
  const videos = all.filter((r) => r.kind === 'video').sort((a, b) => (a.height ?? 0) - (b.height ?? 0));
  const video = videos.filter((r) => (r.height ?? 0) <= height).pop() ?? videos[0];
  return all.filter((r) => r.kind !== 'video' || r === video);
}

/** The manifest without the video renditions other than `keepId`: a saved copy offers what was saved. */
export function keepOneVideo(mpd: string, keepId: string): string {
  return mpd.replace(ADAPTATION_SET, (whole: string, setSource: string, body: string) => {
    const setAttributes = attributes(setSource);
    const trimmed = body.replace(REPRESENTATION, (representationWhole: string, representationSource: string) => {
      const representation = attributes(representationSource);
      return kindOf(setAttributes, representation) === 'video' && representation.id !== keepId ? '' : representationWhole;
    });
    return whole.replace(body, () => trimmed);
  });
}
