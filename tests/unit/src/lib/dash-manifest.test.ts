import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashRenditions, downloadRenditions, keepOneVideo } from '../../../../src/lib/dash-manifest.ts';

/** The video heights a manifest offers, lowest first. */
const videoHeights = (mpd: string) =>
  dashRenditions(mpd)
    .filter((r) => r.kind === 'video')
    .map((r) => r.height)
    .sort((a, b) => a! - b!);

/** A manifest as the server writes it: three video renditions, one audio, two caption tracks. */
const CLIP = readFileSync(join(import.meta.dirname, '../../../fixtures/dash/clip.mpd'), 'utf8');

describe('DASH manifests of the server', () => {
  it('lists each rendition with its initialization and every segment of its timeline', () => {
    const renditions = dashRenditions(CLIP);
    expect(renditions.map((r) => [r.id, r.kind, r.height])).toEqual([
      ['0', 'video', 360],
      ['1', 'video', 720],
      ['2', 'video', 1080],
      ['3', 'audio', undefined],
      ['caption-zh', 'text', undefined],
      ['caption-en', 'text', undefined],
    ]);
    const hd = renditions.find((r) => r.id === '1')!;
    // <S t="0" d="24576" r="5" />: six segments, numbered from startNumber 1 with five digits.
    expect(hd.files).toEqual(['init-1.m4s', ...[1, 2, 3, 4, 5, 6].map((n) => `chunk-1-0000${n}.m4s`)]);
    // The audio timeline mixes an explicit start, single entries and a repeat: 1 + 3 + 1 + 1 segments.
    expect(renditions.find((r) => r.id === '3')!.files).toHaveLength(7);
    expect(renditions.find((r) => r.id === 'caption-en')!.files).toEqual(['captions-en.vtt']);
    expect(videoHeights(CLIP)).toEqual([360, 720, 1080]);
  });

  it('fills $Time$ and $Bandwidth$ templates and stops at a timeline entry without a duration', () => {
    const mpd = `<MPD><Period><AdaptationSet contentType="video">
      <Representation id="v" bandwidth="900" height="480">
        <SegmentTemplate initialization="$Bandwidth$/init.mp4" media="$Bandwidth$/$Time$.m4s">
          <SegmentTimeline><S t="100" d="50" r="1" /><S d="25" /><S /></SegmentTimeline>
        </SegmentTemplate>
      </Representation></AdaptationSet></Period></MPD>`;
    expect(dashRenditions(mpd)[0]!.files).toEqual(['900/init.mp4', '900/100.m4s', '900/150.m4s', '900/200.m4s']);
  });

  it('a download keeps the asked height, else the highest below it, with the audio and the captions', () => {
    expect(downloadRenditions(CLIP, 720).map((r) => r.id)).toEqual(['1', '3', 'caption-zh', 'caption-en']);
    expect(downloadRenditions(CLIP, 900).map((r) => r.id)).toEqual(['1', '3', 'caption-zh', 'caption-en']);
    expect(downloadRenditions(CLIP, 240).map((r) => r.id)).toEqual(['0', '3', 'caption-zh', 'caption-en']);
  });

  it('the saved copy of a manifest offers only the saved video rendition and keeps the rest as it was', () => {
    const trimmed = keepOneVideo(CLIP, '1');
    expect(dashRenditions(trimmed).map((r) => r.id)).toEqual(['1', '3', 'caption-zh', 'caption-en']);
    expect(videoHeights(trimmed)).toEqual([720]);
    // Templates with $ survive the rewrite untouched.
    expect(trimmed).toContain('media="chunk-$RepresentationID$-$Number%05d$.m4s"');
    expect(trimmed.replace(/\s+/g, '')).toContain('<AdaptationSetid="1"contentType="audio"');
  });
});
