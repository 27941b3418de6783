import { describe, expect, it } from 'vitest';
import { SERVER_PATHS } from '../../../sw/server-paths.ts';

const denied = (path: string) => SERVER_PATHS.some((pattern) => pattern.test(path));

describe('navigation fallback', () => {
  it('leaves server paths to the server and sends client routes to index.html', () => {
    for (const path of ['/api/app/ping/config', '/media/img/a.png', '/media/video/1/manifest.mpd', '/upload/tus/abc', '/healthz', '/openapi.json']) {
      expect(denied(path)).toBe(true);
    }
    for (const path of ['/', '/videoDetails', '/nav/reviews', '/mine', '/healthzone', '/apidocs', '/uploads']) {
      expect(denied(path)).toBe(false);
    }
  });
});
