import { describe, expect, it } from 'vitest';
import { captionOptions, captionTrackFor, sameLanguage, type TextTrackLike } from '../../../../src/features/video/player/captions.ts';
import { secondsLeft, startsCountdown, UP_NEXT_SECONDS } from '../../../../src/features/video/player/end-countdown.ts';

const track = (id: number, language: string, label: string | null, kind: string | null = 'subtitle'): TextTrackLike => ({ id, language, label, kind });

describe('the CC menu', () => {
  it('lists one choice per language, with the manifest’s label, subtitles and captions only', () => {
    const tracks = [
      track(1, 'zh', '中文'),
      track(2, 'en', 'English'),
      track(3, 'zh-CN', '简体'),
      track(4, 'fr', null, 'caption'),
      track(5, 'de', 'Kapitel', 'chapters'),
    ];
    expect(captionOptions(tracks)).toEqual([
      { language: 'zh', label: '中文' },
      { language: 'en', label: 'English' },
      { language: 'fr', label: 'fr' },
    ]);
    expect(captionOptions([])).toEqual([]);
  });

  it('finds the remembered language’s track, or none for 关闭 and languages the video lacks', () => {
    const tracks = [track(1, 'zh', '中文'), track(2, 'en', 'English')];
    expect(captionTrackFor(tracks, 'en')?.id).toBe(2);
    expect(captionTrackFor(tracks, 'zh-CN')?.id).toBe(1);
    expect(captionTrackFor(tracks, '')).toBeNull();
    expect(captionTrackFor(tracks, 'ja')).toBeNull();
    expect(sameLanguage('', '')).toBe(false);
    expect(sameLanguage('EN-gb', 'en')).toBe(true);
  });
});

describe('the end screen’s countdown', () => {
  it('counts whole seconds down to 0 at the deadline', () => {
    const deadline = 10_000 + UP_NEXT_SECONDS * 1000;
    expect(secondsLeft(deadline, 10_000)).toBe(5);
    expect(secondsLeft(deadline, 10_001)).toBe(5);
    expect(secondsLeft(deadline, 11_000)).toBe(4);
    expect(secondsLeft(deadline, 14_999)).toBe(1);
    expect(secondsLeft(deadline, 15_000)).toBe(0);
    expect(secondsLeft(deadline, 20_000)).toBe(0);
  });

  it('runs only with a next video, autoplay on and the page in sight', () => {
    expect(startsCountdown({ hasNext: true, autoplay: true, hidden: false })).toBe(true);
    expect(startsCountdown({ hasNext: false, autoplay: true, hidden: false })).toBe(false);
    expect(startsCountdown({ hasNext: true, autoplay: false, hidden: false })).toBe(false);
    expect(startsCountdown({ hasNext: true, autoplay: true, hidden: true })).toBe(false);
  });
});
