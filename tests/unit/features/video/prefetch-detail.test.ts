import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchVideoDetail, useVideoDetail } from '../../../../src/features/video/api/video-detail.ts';
import { isValidId } from '../../../../src/lib/search-params.ts';
import { videoDetailKeys } from '../../../../src/lib/video-detail.ts';

describe("the video route's loader", () => {
  it("asks for the detail under the page's own query (key, fetch and freshness), and only for a real id", () => {
    const queryClient = new QueryClient();
    const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    // Returns nothing to wait for: the router renders the page at once, with its loading state.
    expect(prefetchVideoDetail(queryClient, 1001)).toBeUndefined();
    expect(prefetch).toHaveBeenCalledTimes(1);
    const asked = prefetch.mock.calls[0]![0];
    const page = useVideoDetail.options(1001);
    expect(asked.queryKey).toEqual(videoDetailKeys.byId(1001));
    expect(asked.queryKey).toEqual(page.queryKey);
    expect(asked.staleTime).toBe(page.staleTime);
    for (const id of [undefined, 0, -3, 1.5, Number.NaN]) prefetchVideoDetail(queryClient, id);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('takes a whole number above 0 as a video id', () => {
    expect([1, 1001].every(isValidId)).toBe(true);
    expect([undefined, 0, -1, 2.5, Number.POSITIVE_INFINITY].some(isValidId)).toBe(false);
  });
});
