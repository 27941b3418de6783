import { describe, expect, it } from 'vitest';
import type { Page, VideoItem } from '../../../../protocol/api.ts';
import { VIDEO_LIST_PAGE_SIZE, nextVideoListPage, videoListKeys, videosOf } from '../../../../src/features/home/api/video-list.ts';
import { videoItem } from '../../src/fixtures.ts';

const page = (n: number, ids: number[], hasMore: boolean): Page<VideoItem> => ({
  list: ids.map((id) => videoItem(id)),
  page: n,
  pageSize: VIDEO_LIST_PAGE_SIZE,
  total: 100,
  hasMore,
});

describe('video list paging', () => {
  it('asks for the next page only while the server says there is more', () => {
    expect(nextVideoListPage(page(1, [1], true))).toBe(2);
    expect(nextVideoListPage(page(3, [1], false))).toBeUndefined();
  });

  it('flattens pages in order and drops a video repeated across pages', () => {
    const videos = videosOf([page(1, [1, 2, 3], true), page(2, [3, 4], false)]);
    expect(videos.map((video) => video.id)).toEqual([1, 2, 3, 4]);
  });

  it('keys each category separately under one root', () => {
    expect(videoListKeys.byCategory(10782)).toEqual(['video-list', 10782]);
    expect(videoListKeys.byCategory(1)).not.toEqual(videoListKeys.byCategory(2));
  });
});
