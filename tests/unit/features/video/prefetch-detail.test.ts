import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../../protocol/api.ts';
import { prefetchVideoDetail, useVideoDetail, warmManifest } from '../../../../src/features/video/api/video-detail.ts';
import { configStore } from '../../../../src/stores/config-store.ts';
import { isValidId } from '../../../../src/lib/search-params.ts';
import { videoDetailKeys } from '../../../../src/lib/video-detail.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  configStore.config = null;
});

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

  it("fetches the stream's manifest once the detail names it, so the player's request finds it in the HTTP cache", async () => {
    const fetches = vi.fn(async (_url: string, _init?: RequestInit) => new Response('<MPD/>'));
    vi.stubGlobal('fetch', fetches);
    configStore.config = { domain: [{ type: 'VIDEO', urls: ['http://127.0.0.1:8080/media/video/'] }] } as unknown as AppConfig;
    const queryClient = new QueryClient();
    vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(async () => {
      queryClient.setQueryData(videoDetailKeys.byId(77), { id: 77, stream: 'clip-77/manifest.mpd' });
    });
    prefetchVideoDetail(queryClient, 77);
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    // The player asks with fetch's defaults (same-origin credentials, no headers): the same cache entry.
    expect(fetches.mock.calls[0]![0]).toBe('http://127.0.0.1:8080/media/video/clip-77/manifest.mpd');
    expect(fetches.mock.calls[0]![1]).toEqual({ priority: 'high' });
    // Another visit to the same video in this page fetches nothing more.
    prefetchVideoDetail(queryClient, 77);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetches).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed warm-up, and does nothing without the detail', async () => {
    const fetches = vi.fn<(url: string) => Promise<Response>>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(new Response(''));
    vi.stubGlobal('fetch', fetches);
    warmManifest('http://127.0.0.1:8080/media/video/clip-9/manifest.mpd');
    await vi.waitFor(() => expect(fetches).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    warmManifest('http://127.0.0.1:8080/media/video/clip-9/manifest.mpd');
    expect(fetches).toHaveBeenCalledTimes(2);

    const queryClient = new QueryClient();
    vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetchVideoDetail(queryClient, 78);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it('takes a whole number above 0 as a video id', () => {
    expect([1, 1001].every(isValidId)).toBe(true);
    expect([undefined, 0, -1, 2.5, Number.POSITIVE_INFINITY].some(isValidId)).toBe(false);
  });
});
