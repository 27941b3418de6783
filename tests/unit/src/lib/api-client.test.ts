import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, MemoryStorage } from '../memory-storage.ts';

type FetchArgs = [string, RequestInit];

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', { innerWidth: 375 });
  // A controlling service worker: the client makes plain fetches.
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/130.0', serviceWorker: { controller: {} } });
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const envelope = (code: number, data: unknown = null, tip = '') => new Response(JSON.stringify({ code, tip, data, hash: false }), { status: 200 });

async function load() {
  const client = await import('../../../../src/lib/api-client.ts');
  const { toastStore } = await import('../../../../src/lib/toast.ts');
  const { appStore } = await import('../../../../src/stores/app-store.ts');
  return { ...client, toastStore, appStore };
}

describe('api client', () => {
  it('sends x-ua, bearer token and the JSON body, resolving with data', async () => {
    const { apiPost, appStore } = await load();
    appStore.token = 'tok';
    fetchMock.mockResolvedValueOnce(envelope(200, { a: 1 }));
    await expect(apiPost('/api/app/x', { q: 1 })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/app/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"q":1}');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['x-ua']).toBe('deviceType=mobile&sysType=h5&version=1.0.1%2B27&browser=chrome');
  });

  it('omits Authorization without a token', async () => {
    const { apiGet } = await load();
    fetchMock.mockResolvedValueOnce(envelope(200, 1));
    await apiGet('/api/app/ping/config');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('shows the tip of an error code and rejects with an ApiError', async () => {
    const { apiPost, ApiError, toastStore } = await load();
    fetchMock.mockResolvedValueOnce(envelope(1009, null, '账号或密码错误'));
    const error = await apiPost('/api/app/login/official').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1009, tip: '账号或密码错误', status: 200 });
    expect(toastStore.items.map((t) => t.message)).toEqual(['账号或密码错误']);
  });

  it('rejects 7016 with the whole response and no message', async () => {
    const { apiPost, toastStore } = await load();
    fetchMock.mockResolvedValueOnce(envelope(7016, { more: true }, 'quiet'));
    await expect(apiPost('/api/app/y')).rejects.toMatchObject({ code: 7016, response: { code: 7016, data: { more: true } } });
    expect(toastStore.items).toEqual([]);
  });

  it('on 1000 shows the message and hands over to the login-invalid handler', async () => {
    const { apiPost, onLoginInvalid, toastStore } = await load();
    const handler = vi.fn();
    onLoginInvalid(handler);
    fetchMock.mockResolvedValueOnce(envelope(1000, null, '您的登录状态已失效'));
    await expect(apiPost('/api/app/user/info')).rejects.toMatchObject({ code: 1000 });
    expect(handler).toHaveBeenCalledOnce();
    expect(toastStore.items.map((t) => t.message)).toEqual(['您的登录状态已失效']);
  });

  it('reports interceptor failures and missing responses', async () => {
    const { apiPost, toastStore } = await load();
    fetchMock.mockResolvedValueOnce(
      new Response('{"code":-1,"tip":"服务器异常","data":null,"hash":false}', { status: 200, headers: { 'x-md-intercept-error': '1' } }),
    );
    await expect(apiPost('/api/app/a')).rejects.toMatchObject({ tip: '服务器异常' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiPost('/api/app/b')).rejects.toMatchObject({ tip: '您的网络发生异常，无法连接服务器', status: 0 });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    await expect(apiPost('/api/app/c')).rejects.toMatchObject({ tip: '服务不可用，服务器暂时过载或维护。', status: 503 });
    expect(toastStore.items).toHaveLength(3);
  });

  it('cancels the earlier of two identical in-flight calls, silently', async () => {
    const { apiPost, toastStore } = await load();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(envelope(200, 'done')), 20);
        }),
    );
    const first = apiPost('/api/app/list', { page: 1 }).catch((e: unknown) => e);
    const other = apiPost('/api/app/list', { page: 2 });
    const second = apiPost('/api/app/list', { page: 1 });
    await expect(second).resolves.toBe('done');
    await expect(other).resolves.toBe('done');
    expect(await first).toMatchObject({ canceled: true });
    expect((fetchMock.mock.calls[0]![1].signal as AbortSignal).aborted).toBe(true);
    await flush();
    expect(toastStore.items).toEqual([]);
  });

  it('gives up after 30 s as a missing response', async () => {
    vi.useFakeTimers();
    const { apiPost, REQUEST_TIMEOUT_MS } = await load();
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    fetchMock.mockImplementation(
      (_url, init) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = apiPost('/api/app/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await pending).toMatchObject({ tip: '您的网络发生异常，无法连接服务器' });
  });
});
