// An update of the service worker keeps the downloads and the outbox (issue 15). A real update needs
// the server to send other bytes for /sw.js, which the shared suite server cannot do without every
// parallel test seeing an update. So this test reaches the server through a small proxy of its own:
// another origin (its own registration, caches and Dexie), whose /sw.js turns into the next version
// when the test says so. Playwright's routing does not see the browser's fetch of a worker script.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { api, playMutedPast, signUpAndIn } from './helpers.ts';

const VIDEO = 1005;
const UPSTREAM = { host: '127.0.0.1', port: Number(process.env.E2E_PORT ?? 8181) };
/** What the next version of the worker adds: an answer to a probe, to tell it apart. */
const NEXT = `\nself.addEventListener('message', (e) => { if (e.data === 'md-test-version') e.ports[0].postMessage('next'); });\n`;

interface Proxy {
  origin: string;
  /** From now on /sw.js is the next version. */
  update(): void;
  close(): Promise<void>;
}

async function startProxy(): Promise<Proxy> {
  let next = false;
  let offered = false;
  const server: Server = createServer((req, res) => {
    const isWorker = req.url === '/sw.js' || req.url?.startsWith('/sw.js?');
    if (isWorker && next && offered) {
      // The next version is offered once. Answered again, even byte for byte and with a 304 to its
      // own ETag, Chromium installed the same script anew at every later navigation's update check
      // (seen with CDP's ServiceWorker events; the real server's answers never cause it) and held
      // each navigation until that copy had activated: a navigation then hung for good when the
      // copy could not activate. Later checks find no update, as from a server that is away.
      req.resume();
      res.writeHead(503, { 'retry-after': '60' });
      res.end();
      return;
    }
    if (isWorker && next) offered = true;
    const upstream = request({ ...UPSTREAM, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (!(isWorker && next)) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(NEXT)]);
        // Without the first version's validators: passed upstream, they turned the server's 304 into
        // a 304 of the appended line alone, and the browser took the first version it had cached.
        const headers: IncomingHttpHeaders = { ...answer.headers };
        delete headers.etag;
        delete headers['last-modified'];
        delete headers['content-encoding'];
        res.writeHead(answer.statusCode ?? 200, { ...headers, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    if (isWorker && next) {
      // The whole first version from upstream, uncompressed, to append to.
      upstream.setHeader('accept-encoding', 'identity');
      upstream.removeHeader('if-none-match');
      upstream.removeHeader('if-modified-since');
    }
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    update: () => (next = true),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the worker in control answers to the next version's probe; null for the first version. */
function versionInControl(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('md-test-version', [channel.port2]);
        setTimeout(() => resolve(null), 1000);
      }),
  );
}

let proxy: Proxy;
test.beforeEach(async () => {
  proxy = await startProxy();
});
test.afterEach(async () => {
  await proxy.close();
});

test('an update of the service worker keeps the downloads and the outbox', async ({ page, context }) => {
  // A download, a new worker's install (its precache through the proxy) and offline playback: up to
  // 35 s with two of these tests side by side on the two cores.
  test.setTimeout(120_000);
  await page.goto(`${proxy.origin}/`);
  await signUpAndIn(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${proxy.origin}/videoDetails?id=${VIDEO}`);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByTestId('download-button').click();
  await page.getByTestId('download-sheet').getByTestId('download-360').click();
  await expect(page.getByTestId('download-button')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await page.getByTestId('download-sheet').getByRole('button', { name: '关闭' }).click();
  // A favourite that cannot reach the server waits in the outbox (the call fails until the update is in place).
  await context.route('**/api/app/collect/add', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-pending')).toBeVisible();

  expect(await versionInControl(page)).toBeNull();
  proxy.update();
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  // 刷新 activates the new worker and reloads the page once it is in control.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('alert').filter({ hasText: '有新版本可用' }).getByRole('button', { name: '刷新' }).click();
  await reloaded;
  await expect.poll(() => versionInControl(page), { timeout: 20_000 }).toBe('next');
  // The proxy offers the next version once (startProxy), so nothing should install after it; what
  // follows starts once nothing is installing or waiting, and fails here if something still is.
  const settled = () =>
    page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(registration && !registration.installing && !registration.waiting && registration.active?.state === 'activated');
      })
      .catch(() => false);
  await expect.poll(settled, { timeout: 20_000 }).toBe(true);
  await context.setOffline(true);
  await context.unroute('**/api/app/collect/add');

  // Under the new worker, offline: the favourite still waits, the download is listed and plays.
  await expect(page.getByTestId('favourite-pending')).toBeVisible();
  await playMutedPast(page, 1);
  await page.goto(`${proxy.origin}/storage`);
  await expect(page.getByTestId('download-item')).toHaveAttribute('data-state', 'done');

  // Back online, the kept favourite is sent once.
  await context.setOffline(false);
  await page.goto(`${proxy.origin}/videoDetails?id=${VIDEO}`);
  // The server is asked: the page's pending mark comes from Dexie after the page renders, so its
  // absence alone could be counted before it shows.
  const collected = () =>
    api<{ list: { id: number }[] }>(page, '/api/app/collect/list', { contentType: 2, page: 1, pageSize: 50 }).then(
      (list) => list.list.filter((v) => v.id === VIDEO).length,
      () => -1,
    );
  await expect.poll(collected, { timeout: 30_000 }).toBe(1);
  await expect(page.getByTestId('favourite-toggle')).toBeVisible();
  await expect(page.getByTestId('favourite-pending')).toHaveCount(0, { timeout: 20_000 });
});
