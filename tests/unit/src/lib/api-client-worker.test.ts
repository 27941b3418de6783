import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerRequest, WorkerResponse } from '../../../../workers/crypto-api.ts';
import { MemoryStorage } from '../memory-storage.ts';

const request = vi.fn<(req: WorkerRequest) => Promise<WorkerResponse>>();

beforeEach(() => {
  vi.resetModules();
  request.mockReset();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', { innerWidth: 1280 });
  vi.stubGlobal('location', new URL('http://127.0.0.1:8080/'));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Firefox/130.0' });
  vi.doMock('../../../../src/lib/worker-client.ts', () => ({
    hasServiceWorkerController: () => false,
    cryptoWorker: async () => ({ request }),
  }));
});

afterEach(() => {
  vi.doUnmock('../../../../src/lib/worker-client.ts');
  vi.unstubAllGlobals();
});

describe('api client without a service worker', () => {
  it('hands the call to the crypto worker with token, x-ua and timeout', async () => {
    const { apiPost } = await import('../../../../src/lib/api-client.ts');
    const { appStore } = await import('../../../../src/stores/app-store.ts');
    appStore.token = 'tok';
    request.mockResolvedValueOnce({
      status: 200,
      body: JSON.stringify({ code: 200, tip: 'success', data: [1, 2], hash: false }),
      interceptError: false,
      networkError: false,
    });
    await expect(apiPost('/api/app/video/list', { page: 1 })).resolves.toEqual([1, 2]);
    expect(request).toHaveBeenCalledWith({
      method: 'POST',
      url: 'http://127.0.0.1:8080/api/app/video/list',
      body: '{"page":1}',
      token: 'tok',
      ua: 'deviceType=desktop&sysType=h5_pc&version=1.0.1%2B27&browser=firefox',
      timeoutMs: 30_000,
    });
  });

  it('reports a worker failure as 服务器异常', async () => {
    const { apiGet } = await import('../../../../src/lib/api-client.ts');
    request.mockResolvedValueOnce({ status: 200, body: '', interceptError: true, networkError: false });
    await expect(apiGet('/api/app/ping/config')).rejects.toMatchObject({ tip: '服务器异常' });
    request.mockRejectedValueOnce(new Error('worker crashed'));
    await expect(apiGet('/api/app/ping/config')).rejects.toMatchObject({ tip: '服务器异常' });
    request.mockResolvedValueOnce({ status: 0, body: '', interceptError: false, networkError: true });
    await expect(apiGet('/api/app/ping/config')).rejects.toMatchObject({ tip: '您的网络发生异常，无法连接服务器' });
  });
});
