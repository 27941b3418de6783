import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../../protocol/api.ts';
import { flush, freshStorage } from '../memory-storage.ts';

const session = freshStorage('sessionStorage');

const config: AppConfig = {
  domain: [
    { type: 'API', urls: ['https://api.example'] },
    { type: 'IMAGE', urls: ['https://cdn.example/media/img/', 'https://other.example'] },
    { type: 'VIDEO', urls: ['https://cdn.example/media/video'] },
    { type: 'IMAGE', urls: ['https://ignored.example'] },
  ],
  headerMenus: [],
  advertise: [],
  serverTime: 0,
};

describe('config store', () => {
  it('takes the first url of the first IMAGE and VIDEO entries, without a trailing slash', async () => {
    const { configStore, imageBase, videoBase } = await load();
    expect(imageBase()).toBe('');
    configStore.config = config;
    expect(imageBase()).toBe('https://cdn.example/media/img');
    expect(videoBase()).toBe('https://cdn.example/media/video');
  });

  it('persists to sessionStorage md-config', async () => {
    const { CONFIG_STORE_KEY, configStore } = await load();
    expect(CONFIG_STORE_KEY).toBe('md-config');
    configStore.config = config;
    await flush();
    expect(JSON.parse(session.getItem('md-config') ?? '{}').config.domain).toHaveLength(4);
  });

  it('reads a config stored earlier in the session', async () => {
    session.setItem('md-config', JSON.stringify({ config }));
    const { imageBase } = await load();
    expect(imageBase()).toBe('https://cdn.example/media/img');
  });
});

function load() {
  return import('../../../../src/stores/config-store.ts');
}
