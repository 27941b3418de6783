import type { AppConfig } from '../protocol/api.ts';

const STATE_CACHE = 'md-sw-state';
const STATE_KEY = '/__md/image-bases';
export const SAME_ORIGIN_IMAGE_PATH = '/media/img/';

/**
 * The IMAGE base addresses of config.domain. Same-origin /media/img/ is always one; others are
 * learned from each decrypted ping/config and kept in Cache Storage, because the browser stops an
 * idle service worker and its memory with it.
 */
export class ImageBases {
  private prefixes: string[] = [];
  private loaded = false;
  readonly ready: Promise<void>;

  constructor(
    private readonly origin: string,
    private readonly storage: CacheStorage,
  ) {
    this.ready = this.load();
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  matches(url: URL): boolean {
    if (url.origin === this.origin && url.pathname.startsWith(SAME_ORIGIN_IMAGE_PATH)) return true;
    const href = url.href;
    return this.prefixes.some((prefix) => href.startsWith(prefix));
  }

  /** Learns the bases from a decrypted ping/config envelope; resolves once they are stored. */
  async learnFromConfig(envelopeText: string): Promise<void> {
    let config: AppConfig | null;
    try {
      config = (JSON.parse(envelopeText) as { data: AppConfig | null }).data;
    } catch {
      return;
    }
    const urls = (config?.domain ?? [])
      .filter((entry) => entry.type === 'IMAGE')
      .flatMap((entry) => entry.urls)
      .filter((u): u is string => typeof u === 'string');
    const prefixes = normalise(urls);
    if (prefixes.join('\n') === this.prefixes.join('\n')) return;
    this.prefixes = prefixes;
    const cache = await this.storage.open(STATE_CACHE);
    await cache.put(STATE_KEY, new Response(JSON.stringify(prefixes), { headers: { 'content-type': 'application/json' } }));
  }

  private async load(): Promise<void> {
    try {
      const cache = await this.storage.open(STATE_CACHE);
      const stored = await cache.match(STATE_KEY);
      if (stored) {
        const urls: unknown = await stored.json();
        // A config learned while loading is newer than what was stored.
        if (Array.isArray(urls) && this.prefixes.length === 0) this.prefixes = normalise(urls.filter((u) => typeof u === 'string'));
      }
    } catch {
      // Without stored bases, same-origin images still work and the next config restores the rest.
    } finally {
      this.loaded = true;
    }
  }
}

/** Absolute `base/` prefixes, so https://cdn/img does not also claim https://cdn/img2/x. */
function normalise(urls: string[]): string[] {
  const out: string[] = [];
  for (const u of urls) {
    try {
      const href = new URL(u).href;
      out.push(href.endsWith('/') ? href : `${href}/`);
    } catch {
      continue;
    }
  }
  return out;
}
