import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { focusBehindDialog, isMobile, openHome, openLogin, signUpAndIn } from './helpers.ts';

// Every built screen, at 375 px and 1280 px, in the dark theme and the light one, scanned by axe-core
// for WCAG 2.0/2.1/2.2 A and AA and axe's best practices (in the light theme, its colour rules:
// contrast at 4.5:1 lives here), once its content has arrived (no skeleton left). Zero violations; a
// failure lists each one as `rule [impact] target: what is wrong`, screen by screen. The same visit
// checks the Chinese strings and the width, and takes the screenshot (one pass over every screen per
// width; tests/e2e/i18n.spec.ts visits them again in English).

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// The dark theme is the site's own; each scan then looks at the light one too (the system's preference, followed live).
test.use({ colorScheme: 'dark' });

// Videos stay still: a clip that played to its end would open the next one while a screen is scanned.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.play = () => Promise.resolve();
  });
});

interface ScreenCase {
  name: string;
  path: string;
  /** What shows once the screen's own content (not its skeleton) is there. */
  ready: (page: Page) => Locator;
}

const testId = (id: string) => (page: Page) => page.getByTestId(id).first();
const main = (page: Page) => page.getByRole('main');

/** Every screen a guest reaches, in groups small enough for one test each on a busy machine. */
const GUEST_SCREENS: Record<string, ScreenCase[]> = {
  'home and the video page': [
    { name: 'home', path: '/', ready: testId('video-card') },
    { name: 'home category', path: '/?id=101&tit=' + encodeURIComponent('城市'), ready: testId('video-card') },
    { name: 'video', path: '/videoDetails?id=1001', ready: testId('comments') },
    { name: 'video not found', path: '/videoDetails?id=999999', ready: testId('video-not-found') },
    { name: 'not found', path: '/no-such-page', ready: main },
  ],
  'search, performers and tags': [
    { name: 'search page', path: '/searchPage', ready: main },
    { name: 'pc search page', path: '/pcSearchPage', ready: main },
    { name: 'search result', path: '/searchResult?keyword=' + encodeURIComponent('城市'), ready: main },
    { name: 'actress list', path: '/actressList', ready: testId('actress-card') },
    { name: 'actress page', path: '/actressPage?id=2001', ready: testId('actress-name') },
    { name: 'tag list', path: '/tagList', ready: main },
    { name: 'tag details', path: '/tagDetails?tid=401', ready: testId('tag-head') },
    { name: 'tag category', path: '/tagDetails?tagCateId=301', ready: testId('tag-head') },
  ],
  'topics and reviews': [
    ...[501, 502, 503, 504, 505, 506, 507].map((id) => ({ name: `topic ${id}`, path: `/topicsPage?id=${id}`, ready: main })),
    { name: 'reviews', path: '/nav/reviews', ready: main },
    { name: 'review detail', path: '/reviewDetail?id=603', ready: testId('comments') },
    { name: 'tag reviews', path: '/tagReviews?tid=401', ready: main },
  ],
  'discussion, the group area and help': [
    { name: 'discuss', path: '/discuss', ready: main },
    { name: 'post detail', path: '/postDetail?id=805', ready: testId('post-detail') },
    { name: 'paid post', path: '/postDetail?id=806', ready: testId('post-detail') },
    { name: 'group', path: '/group', ready: main },
    { name: 'group business', path: '/group?type=business', ready: main },
    { name: 'group news', path: '/group?type=news', ready: main },
    { name: 'group service', path: '/group?type=service', ready: main },
    { name: 'group detail', path: '/groupDetail?id=3301', ready: main },
    { name: 'FAQ', path: '/FAQ', ready: main },
    { name: 'contact us', path: '/contactUs', ready: main },
    { name: 'restore without a code', path: '/restore', ready: main },
    { name: 'storage', path: '/storage', ready: testId('storage-usage') },
  ],
};

const MEMBER_SCREENS: ScreenCase[] = [
  { name: 'mine (member)', path: '/mine', ready: testId('checkin-card') },
  { name: 'account', path: '/account', ready: main },
  { name: 'sysMsg', path: '/sysMsg', ready: testId('message-row') },
  { name: 'sysMsg replies', path: '/sysMsg?tab=3', ready: main },
  { name: 'post', path: '/post', ready: main },
];

/** Lets every transition and animation that ends (not a skeleton's shimmer) run to its end. */
async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Waits until the network is quiet, no block is busy, every image in view is decoded and finite animations have ended. */
async function settle(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    const images = [...document.images].filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < window.innerHeight);
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  });
  await animationsEnded(page);
}

async function useTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await animationsEnded(page);
}

/**
 * The rules a theme can break: the light theme changes colours alone (CSS custom properties), so
 * its scan asks for these, and the dark scan covers every rule.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** One line per element axe found wrong: the rule, its impact, the element and what is wrong with it. */
async function violations(page: Page, exclude: string[] = [], rules?: string[]): Promise<string[]> {
  // axe.run() in the page itself: the site has no frames, and the default runner finishes every scan
  // in a new blank page of its own (opened, given axe, closed), which cost seconds a screen. Only
  // violations are collected: building the passes' node lists took a quarter of each scan.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  let builder = rules ? axe.withRules(rules) : axe.withTags(TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => {
      const why = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `${v.id} [${v.impact ?? '?'}] ${node.target.join(' >> ')}: ${why || v.help}`;
    }),
  );
}

/**
 * Scans the screen once it has settled, in the dark theme, then in the light one, and leaves it dark.
 * The same visit checks that no string is missing (the catalogue marks one as ⟦key⟧), that nothing
 * is wider than the window, and keeps a screenshot (test-results/screens/) to look at.
 * A screen that never settles is reported too, and the next one is scanned all the same.
 */
async function scan(page: Page, name: string, ready: Locator): Promise<void> {
  await test.step(name, async () => {
    try {
      await settle(page, ready);
    } catch (error) {
      expect.soft(String(error), `${name} did not settle`).toBe('');
      return;
    }
    expect.soft(await page.locator('body').innerText(), `${name}: a missing string`).not.toContain('⟦');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `${name}: wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${test.info().project.name}/${name.replace(/[^\w]+/g, '-').replace(/-$/, '')}.png` });
    expect.soft(await violations(page), `axe violations on ${name} (dark)`).toEqual([]);
    await useTheme(page, 'light');
    expect.soft(await violations(page, [], COLOUR_RULES), `axe violations on ${name} (light)`).toEqual([]);
    await useTheme(page, 'dark');
  });
}

for (const [group, screens] of Object.entries(GUEST_SCREENS)) {
  test(`axe finds nothing on the screens a guest reaches: ${group}`, async ({ page }) => {
    test.setTimeout(300_000);
    await openHome(page);
    for (const screen of screens) {
      await page.goto(screen.path);
      await scan(page, screen.name, screen.ready(page));
    }
  });
}

test('axe finds nothing on the members’ screens, nor on /mine sending a guest home with the login popup', async ({ page }) => {
  test.setTimeout(240_000);
  await openHome(page);
  await page.goto('/mine');
  await scan(page, 'mine (guest): home with the login popup', page.getByTestId('login-reason'));

  await page.keyboard.press('Escape');
  await signUpAndIn(page);
  for (const screen of MEMBER_SCREENS) {
    await page.goto(screen.path);
    await scan(page, screen.name, screen.ready(page));
  }
  await page.goto('/sysMsg');
  await page.getByTestId('message-row').first().click();
  await scan(page, 'notice detail', page.getByTestId('notice'));
});

test('axe finds nothing in the popups: login (each panel), share, a comment’s menu, the comment rules, the image viewer', async ({ page }) => {
  test.setTimeout(240_000);
  await openHome(page);
  const login = await openLogin(page);
  await scan(page, 'login popup: sign in', login.getByRole('button', { name: '登录', exact: true }));
  await login.getByRole('button', { name: '验证码登录' }).click();
  await scan(page, 'login popup: phone', login.getByTestId('phone-sign-in'));
  await login.getByRole('button', { name: '账号密码登录' }).click();
  await login.getByRole('button', { name: '忘记密码？' }).click();
  await scan(page, 'login popup: reset', login.getByTestId('password-reset'));
  await login.getByRole('tab', { name: '注册帐号' }).click();
  await scan(page, 'login popup: sign up', login.getByTestId('sign-up-agreement'));
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();

  if (isMobile(page)) {
    await page.getByRole('button', { name: '切换语言' }).click();
    await scan(page, 'language menu', page.getByRole('menu', { name: '语言' }));
    await page.keyboard.press('Escape');
  }

  await signUpAndIn(page);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await page.goto('/videoDetails?id=1001');
  await settle(page, page.getByTestId('comments'));
  await page.getByTestId('share-button').click();
  await scan(page, 'share sheet', page.getByRole('dialog', { name: '分享视频' }));
  await page.keyboard.press('Escape');

  const composer = page.getByTestId('comment-composer');
  await composer.getByRole('textbox').fill(`无障碍检查 ${Date.now()}`);
  await composer.getByTestId('comment-submit').click();
  await scan(page, 'comment rules dialog', page.getByTestId('comment-rules'));
  await page.getByTestId('comment-rules').getByTestId('confirm-action').click();
  await expect(page.getByTestId('comment-rules')).toBeHidden();

  await page.getByTestId('comment-more').first().click();
  await scan(page, 'comment menu', page.getByRole('menu', { name: '更多操作' }).first());
  await page.getByRole('menu', { name: '更多操作' }).first().getByRole('menuitem', { name: '举报' }).click();
  await scan(page, 'report sheet', page.getByTestId('report-dialog'));
  await page.keyboard.press('Escape');

  await page.goto('/postDetail?id=805');
  await settle(page, page.getByTestId('post-detail'));
  await page.getByTestId('post-image').first().click();
  await scan(page, 'image viewer', page.getByTestId('image-viewer'));
});

test('Escape closes the login popup and focus returns to what opened it', async ({ page }) => {
  await openHome(page);
  const opener = isMobile(page)
    ? page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '我的' })
    : page.getByRole('button', { name: /登录/ }).first();
  const dialog = await openLogin(page);
  expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
  // Focus starts inside and Tab never leaves the popup.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusBehindDialog(page)).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // It opens again, and Escape closes it again.
  await opener.click();
  await expect(dialog.getByText('登录后继续畅享高清视频')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Escape closes a confirm sheet and the report sheet, each giving focus back to its opener', async ({ page }) => {
  await openHome(page);
  await signUpAndIn(page);
  await page.goto('/videoDetails?id=1001');
  await settle(page, page.getByTestId('comments'));
  const composer = page.getByTestId('comment-composer');
  const submit = composer.getByTestId('comment-submit');
  await composer.getByRole('textbox').fill(`焦点检查 ${Date.now()}`);
  await submit.click();
  const rules = page.getByTestId('comment-rules');
  await expect(rules).toBeVisible();
  expect(await rules.evaluate((el) => el.matches(':modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();
  await expect(submit).toBeFocused();

  await submit.click();
  await rules.getByTestId('confirm-action').click();
  await expect(rules).toBeHidden();
  const more = page.getByTestId('comment-more').first();
  await more.click();
  const menu = page.getByRole('menu', { name: '更多操作' }).first();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await menu.getByRole('menuitem', { name: '举报' }).click();
  const report = page.getByTestId('report-dialog');
  await expect(report).toBeVisible();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusBehindDialog(page)).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(more).toBeFocused();
});

/** What a finger (44 px on phones) or a pointer (24 px, WCAG 2.2 AA, on desktop) must be able to hit. */
interface SmallTarget {
  target: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element of the page, each scrolled to the middle of the window, hit-tested
 * outward from its centre: how far a tap still lands on it, across and down (so padding and a
 * ::before hit area count, and a neighbour drawn over it does not). Links inside a line of text
 * are exempt (WCAG 2.5.8 "inline").
 */
async function smallTargets(page: Page, minimum: number): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="option"]',
      '[role="slider"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const name = (el: Element) => {
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const id = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${label}"`;
    };
    // An inline link in a line of text: its size is the line's (WCAG 2.5.8 "inline").
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline' || !el.parentElement) return false;
      return (el.parentElement.textContent ?? '').replace(el.textContent ?? '', '').trim() !== '';
    };
    const reach = (el: Element, x: number, y: number, dx: number, dy: number) => {
      let steps = 0;
      while (steps < 40) {
        const hit = document.elementFromPoint(x + dx * (steps + 1), y + dy * (steps + 1));
        if (!hit || !(hit === el || el.contains(hit) || (el instanceof HTMLLabelElement && hit === el.control))) break;
        steps += 1;
      }
      return steps;
    };
    const found: { target: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    for (const candidate of document.querySelectorAll(SELECTOR)) {
      if (!candidate.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (candidate.closest('[inert], [aria-hidden="true"]') || inSentence(candidate)) continue;
      let el: Element = candidate;
      // A control drawn by its label (a visually hidden radio or checkbox) is hit through the label.
      const label = candidate instanceof HTMLInputElement ? candidate.labels?.[0] : undefined;
      if (label && candidate.getBoundingClientRect().width < 2) el = label;
      // A target inside another (a chip's count in its link) is the outer one.
      if (seen.has(el) || (el.parentElement?.closest(SELECTOR) ?? null) !== null) continue;
      seen.add(el);
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = Math.round(box.left + box.width / 2);
      const y = Math.round(box.top + box.height / 2);
      // Off the window even when scrolled to (a slide of a carousel that moves by transform): its twin on screen is measured.
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const width = reach(el, x, y, -1, 0) + reach(el, x, y, 1, 0) + 1;
      const height = reach(el, x, y, 0, -1) + reach(el, x, y, 0, 1) + 1;
      if (width < min || height < min) found.push({ target: name(el), width, height });
    }
    window.scrollTo(0, 0);
    return found;
  }, minimum);
}

test('every target on home, a video with its comments and player controls, and a tag page is big enough to hit', async ({ page }) => {
  test.setTimeout(180_000);
  const minimum = isMobile(page) ? 44 : 24;
  const report = (targets: SmallTarget[]) => targets.map((t) => `${t.target}: ${t.width}x${t.height}`);
  await openHome(page);
  await settle(page, page.getByTestId('video-card').first());
  expect.soft(report(await smallTargets(page, minimum)), `targets under ${minimum} px on home`).toEqual([]);

  await page.goto('/videoDetails?id=1001');
  await settle(page, page.getByTestId('comments'));
  // The controls stay in view while the video is paused (it never starts here).
  await expect(page.getByTestId('player-progress')).toBeVisible();
  expect.soft(report(await smallTargets(page, minimum)), `targets under ${minimum} px on the video page`).toEqual([]);

  await page.goto('/tagDetails?tid=401');
  await settle(page, page.getByTestId('tag-head'));
  expect.soft(report(await smallTargets(page, minimum)), `targets under ${minimum} px on a tag page`).toEqual([]);

  await page.goto('/nav/reviews');
  await settle(page, page.getByRole('main'));
  expect.soft(report(await smallTargets(page, minimum)), `targets under ${minimum} px on the reviews`).toEqual([]);
});
