import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { isMobile, openCategory, openHome, signUpAndIn } from './helpers.ts';

// The chrome around the pages and the layout at the widths between the phone and the wide desktop
// (issue 13): one bar on a phone's sub-pages, the tab bar's sections, the header's menu at 900 px,
// the player's share of the row, and ads at their own ratio.

const PHONE = { width: 375, height: 812 };

/** Bars pinned to the top of the window: fixed or sticky elements whose box starts at its top edge. */
function topBars(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (style.position !== 'fixed' && style.position !== 'sticky') return false;
        const box = el.getBoundingClientRect();
        return box.height > 0 && box.width > window.innerWidth / 2 && Math.abs(box.top) < 1;
      })
      .map((el) => el.dataset.testid ?? el.tagName.toLowerCase()),
  );
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

/** The names of the header menu's items, as the config gives them. */
function menuNames(page: Page): Promise<string[]> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('md-config') ?? '{}').config?.headerMenus ?? []).map((m: { name: string }) => m.name));
}

test("a sub-page has one bar above its content: a phone's own (back, title, search) in place of the site header; back returns", async ({ page }) => {
  await openHome(page);
  await openCategory(page, '演员');
  await expect(page).toHaveURL(/\/actressList$/);
  const bar = page.getByTestId('page-bar');
  await expect(bar.getByRole('heading', { level: 1, name: '演员' })).toBeVisible();
  const back = bar.getByRole('button', { name: '返回' });
  if (isMobile(page)) {
    await expect(page.getByRole('banner')).toHaveCount(0);
    expect(await topBars(page)).toEqual(['page-bar']);
    expect((await boxOf(bar)).y).toBe(0);
    const target = await boxOf(back);
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
    await expect(bar.getByRole('link', { name: '搜索' })).toBeVisible();
    // It stays at the top while the page scrolls under it.
    await expect(page.getByTestId('actress-card').first()).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect((await boxOf(bar)).y).toBe(0);
    expect(await topBars(page)).toEqual(['page-bar']);
  } else {
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(bar.getByRole('link', { name: '搜索' })).toHaveCount(0);
  }
  await back.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByTestId('home-page')).toBeVisible();

  // Opened from outside, back stays in the app and goes home.
  await page.goto('/actressList');
  await page.getByTestId('page-bar').getByRole('button', { name: '返回' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("sections keep the site header and no back bar; /searchPage's bar offers no search; the watch page has no bars", async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '搜索' })).toBeVisible();
    await expect(page.getByTestId('page-bar')).toHaveCount(0);
    // The category row reads as one that scrolls: its end fades while more items lie beyond it.
    await expect(page.getByTestId('home-page').getByRole('navigation', { name: '分类' }).getByRole('list')).toHaveAttribute('data-fade-end', 'true');

    const tabs = page.getByTestId('tab-bar');
    for (const [name, path] of [
      ['发现', '/tagList'],
      ['讨论', '/discuss'],
    ] as const) {
      await tabs.getByRole('link', { name }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByTestId('page-bar')).toHaveCount(0);
      // The title is still the page's h1, for assistive technology.
      await expect(page.getByRole('heading', { level: 1, name })).toBeAttached();
    }

    await page.getByRole('banner').getByRole('link', { name: '搜索' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/searchPage');
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByTestId('page-bar').getByRole('heading', { level: 1, name: '搜索' })).toBeVisible();
    await expect(page.getByRole('link', { name: '搜索' })).toHaveCount(0);
    expect(await topBars(page)).toEqual(['page-bar']);

    // The watch page: the player at the top with its own back, no header, no tab bar.
    await page.goto('/');
    await page.getByTestId('video-grid').getByTestId('video-card').first().getByRole('link').click();
    await expect(page.getByTestId('player-root')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    expect((await boxOf(page.getByTestId('player-root'))).y).toBe(0);
    await page.getByTestId('video-back').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  test('a category page opened directly shows its item in the category row, scrolled into view', async ({ page }) => {
    await openHome(page);
    const row = () => page.getByTestId('home-page').getByRole('navigation', { name: '分类' }).getByRole('list');
    // A category beyond the row's first screenful at 375 px.
    await row().getByRole('button', { name: '运动', exact: true }).click();
    await expect(row().getByRole('button', { name: '运动', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    const active = row().getByRole('button', { name: '运动', exact: true });
    await expect(active).toHaveAttribute('aria-current', 'page');
    // Within the row's visible part, and the row's start fades as items lie before it.
    await expect
      .poll(() =>
        active.evaluate((button) => {
          const list = button.closest('ul')!.getBoundingClientRect();
          const box = button.getBoundingClientRect();
          return box.left >= list.left - 1 && box.right <= list.right + 1;
        }),
      )
      .toBe(true);
    await expect(row()).toHaveAttribute('data-fade-start', 'true');
  });

  test('the tab bar: an icon and a label per section, 44 px targets, the section highlighted on its sub-pages too', async ({ page }) => {
    await openHome(page);
    const tabs = page.getByTestId('tab-bar');
    const items = tabs.locator('[data-section]');
    await expect(items).toHaveCount(4);
    expect(await items.allInnerTexts()).toEqual(['首页', '发现', '讨论', '我的']);
    for (const item of await items.all()) {
      await expect(item.locator('svg')).toBeVisible();
      const box = await boxOf(item);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    const current = () => tabs.locator('[aria-current="page"]');
    const expectActive = async (section: string) => {
      await expect(current()).toHaveCount(1);
      await expect(current()).toHaveAttribute('data-section', section);
    };
    await expectActive('home');

    // A page opened from home belongs to 首页.
    await openCategory(page, '演员');
    await expect(page).toHaveURL(/\/actressList$/);
    await expectActive('home');

    // 发现 and a tag opened from it.
    await tabs.getByRole('link', { name: '发现' }).click();
    await expectActive('discover');
    await page.getByTestId('tag-chip').first().click();
    await expect(page).toHaveURL(/\/tagDetails\?/);
    await expectActive('discover');

    // A member's own pages belong to 我的 however they are reached.
    await signUpAndIn(page);
    await page.goto('/sysMsg');
    await expect(page.getByTestId('page-bar')).toBeVisible();
    await expectActive('mine');
    await tabs.getByRole('link', { name: '首页' }).click();
    await expectActive('home');
    await tabs.getByRole('link', { name: '我的' }).click();
    await expectActive('mine');
    await page.getByTestId('mine-account').click();
    await expect(page).toHaveURL(/\/account$/);
    await expectActive('mine');
  });

  test('the watch page lists the recommendations right under the details, before the reviews and comments that load and grow later', async ({ page }) => {
    await page.goto('/videoDetails?id=1001');
    const card = page.getByTestId('recommend-card').first();
    const comments = page.getByTestId('comments');
    await expect(card).toBeVisible();
    await expect(comments).toBeAttached();
    const cardTop = (await boxOf(card)).y;
    expect(cardTop).toBeLessThan((await boxOf(page.getByTestId('video-reviews').or(comments).first())).y);
    // Comments arriving below do not move the recommendations.
    await expect(page.getByTestId('comment-thread').first()).toBeVisible();
    expect((await boxOf(card)).y).toBe(cardTop);
  });
});

test.describe('on a phone, in English', () => {
  test.use({ viewport: PHONE, locale: 'en-US' });

  // Download joins the actions when the service worker takes the page over; a second line then
  // pushed everything below it down (Lighthouse's layout shift of 0.09 on the video page).
  test("the video page's actions keep one line when Download joins them, and the row scrolls to the last", async ({ page }) => {
    await page.goto('/videoDetails?id=1001');
    const row = page.getByTestId('video-actions');
    // Download shows once the service worker controls the page: after the first render on a first visit.
    await expect(row.getByTestId('download-button')).toBeVisible({ timeout: 30_000 });
    const actions = row.locator(':scope > button');
    await expect(actions).toHaveCount(4);
    const tops = await actions.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(new Set(tops).size, `the actions' tops: ${tops.join(', ')}`).toBe(1);
    // The longer English labels run past the edge: the last action is reached by scrolling the row.
    const last = actions.last();
    await last.scrollIntoViewIfNeeded();
    const box = await boxOf(last);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(last).toBeInViewport({ ratio: 1 });
  });
});

test.describe('at 900 px', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('every category of the header is reachable, the rest under 更多, and nothing overflows the header, from 825 to 2560 px', async ({ page }) => {
    await openHome(page);
    const names = await menuNames(page);
    expect(names.length).toBeGreaterThan(5);
    const header = page.getByRole('banner');
    const menu = header.getByRole('navigation', { name: '分类' });
    const more = menu.getByRole('button', { name: /更多/ });

    for (const width of [900, 825, 1010, 1280, 1920, 2560]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      // Wait for the menu to settle at this width: the items it shows fit its box, and its count
      // stays the same over two looks (a fewer-items state left from the last width fits too, until
      // the resize observer and React's render after it have run: each look waits two frames).
      let last = '';
      await expect
        .poll(
          async () => {
            const state = await menu.evaluate(async (nav) => {
              await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
              await new Promise((done) => setTimeout(done, 50));
              const rights = [...nav.querySelectorAll(':scope > ul:first-of-type > li')].map((li) => li.getBoundingClientRect().right);
              const fits = Math.max(...rights) <= nav.getBoundingClientRect().right + 0.5;
              return `${fits} ${(nav as HTMLElement).dataset.shown} ${nav.clientWidth}`;
            });
            const settled = state === last && state.startsWith('true ');
            last = state;
            return settled;
          },
          { intervals: [100] },
        )
        .toBe(true);
      const shown = await menu.getByRole('list').first().getByRole('button').allInnerTexts();
      const visible = shown.filter((text) => !/更多/.test(text));
      let hidden: string[] = [];
      if (visible.length < names.length) {
        await more.click();
        const list = menu.getByRole('menu');
        await expect(list).toBeVisible();
        hidden = await list.getByRole('menuitem').allInnerTexts();
        await page.keyboard.press('Escape');
        await expect(list).toBeHidden();
      } else {
        await expect(more).toHaveCount(0);
      }
      expect([...visible, ...hidden], `items at ${width} px`).toEqual(names);
      // Nothing of the header runs past its row or under a neighbour.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const row = await header.evaluate((el) => {
        const inner = el.firstElementChild as HTMLElement;
        const boxes = [...inner.children].map((child) => child.getBoundingClientRect()).filter((b) => b.width > 0);
        const overlaps = boxes.some((b, i) => i > 0 && b.left < boxes[i - 1]!.right - 0.5);
        return { overlaps, overflow: inner.scrollWidth - inner.clientWidth };
      });
      expect(row, `header row at ${width} px`).toEqual({ overlaps: false, overflow: 0 });
    }
  });

  test('更多 is a menu for the keyboard: it opens on Enter, arrows move, Escape closes and focus returns; an item opens its page', async ({ page }) => {
    await openHome(page);
    const menu = page.getByRole('banner').getByRole('navigation', { name: '分类' });
    const more = menu.getByRole('button', { name: /更多/ });
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await more.focus();
    await page.keyboard.press('Enter');
    const list = menu.getByRole('menu');
    await expect(list).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const entries = list.getByRole('menuitem');
    await expect(entries.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(entries.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    await expect(entries.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(entries.last()).toBeFocused();
    const name = (await entries.last().innerText()).trim();
    expect(name).toBe('圈子');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/group');
  });

  test('a category under 更多 that is shown marks 更多 and itself as current', async ({ page }) => {
    await openHome(page);
    const menu = page.getByRole('banner').getByRole('navigation', { name: '分类' });
    const more = menu.getByRole('button', { name: /更多/ });
    await more.click();
    const hiddenCategory = menu.getByRole('menuitem', { name: '运动' });
    await hiddenCategory.click();
    await expect(page).toHaveURL(/[?&]tit=%E8%BF%90%E5%8A%A8/);
    await more.click();
    await expect(menu.getByRole('menuitem', { name: '运动' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    // 运动 itself is not in the row: 更多 stands for it.
    await expect(menu.locator(':scope > ul > li > button[aria-current]')).toHaveCount(0);
  });
});

test.describe('the video page on desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the player keeps at least 60% of the content width at every width; the recommendations go under the details below 1000 px', async ({ page }) => {
    await page.goto('/videoDetails?id=1001');
    const player = page.getByTestId('player-root');
    await expect(player).toBeVisible();
    await expect(page.getByTestId('recommend-card').first()).toBeVisible();
    // Paused, so the clip's end (and the next video after it) never changes the page under the measures.
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.readyState ?? 0)).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector('video')?.pause());
    for (const width of [825, 900, 999, 1000, 1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      // A poll asks again while the layout is being redrawn for the new width (a box can be missing for a moment).
      const share = async () => {
        const playerBox = await player.boundingBox();
        if (!playerBox) return 0;
        return page.getByTestId('video-page').evaluate((el, playerWidth) => {
          const style = getComputedStyle(el);
          const content = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return playerWidth / content;
        }, playerBox.width);
      };
      await expect.poll(share, { message: `player's share at ${width} px` }).toBeGreaterThanOrEqual(0.6);
      const first = page.getByTestId('recommend-card').first();
      const place = async () => {
        const playerBox = await player.boundingBox();
        const recommendation = await first.boundingBox();
        if (!playerBox || !recommendation) return 'not drawn';
        if (recommendation.x >= playerBox.x + playerBox.width) return 'beside';
        return recommendation.y >= playerBox.y + playerBox.height ? 'under' : 'overlapping';
      };
      await expect.poll(place, { message: `recommendations at ${width} px` }).toBe(width < 1000 ? 'under' : 'beside');
    }
  });
});

test('ads keep their own aspect ratio in the list and in the carousel', async ({ page }) => {
  await openHome(page);
  const ratioOf = async (slot: Locator) => {
    const image = slot.getByTestId('masked-image').first();
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('data-state', 'loaded');
    const drawn = await boxOf(image);
    // The box the ad is drawn in (the card's poster frame, the slide's link), not only the image in it: no bars around it.
    const slotBox = await image.evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
    const natural = await image.locator('img').evaluate((img: HTMLImageElement) => img.naturalHeight / img.naturalWidth);
    return { drawn: drawn.height / drawn.width, slot: slotBox.height / slotBox.width, natural, width: drawn.width };
  };
  const expectSameRatio = ({ drawn, slot, natural }: { drawn: number; slot: number; natural: number }) => {
    expect(Math.abs(drawn - natural) / natural).toBeLessThan(0.02);
    expect(Math.abs(slot - natural) / natural).toBeLessThan(0.02);
  };

  const ad = page.getByTestId('list-ad').first();
  const inList = await ratioOf(ad);
  expectSameRatio(inList);
  // A 640x200 ad is wider than a poster: it takes two columns, drawn as wide as its card.
  expect(inList.natural).toBeCloseTo(200 / 640, 2);
  expect(inList.width).toBeGreaterThan((await boxOf(page.getByTestId('video-grid').getByTestId('video-card').first())).width * 1.5);
  expect(Math.abs(inList.width - (await boxOf(ad)).width)).toBeLessThan(1);

  const slide = page.getByTestId('home-ads-slide').first();
  expectSameRatio(await ratioOf(slide));
});

test('the root font size follows SPEC §9 at every width: 37.5 px per 375 px, at most 42.8 px, 37.5 px on a desktop', async ({ page }) => {
  await openHome(page);
  const rootFont = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  for (const [width, size] of [
    [320, 32],
    [375, 37.5],
    [414, 41.4],
    [428, 42.8],
    [600, 42.8],
    [824, 42.8],
    [825, 37.5],
    [1280, 37.5],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(rootFont, { message: `at ${width} px` }).toBeCloseTo(size, 1);
  }
  // A rem-sized element follows the root: the body's text is 0.37 rem.
  expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeCloseTo(0.37 * 37.5, 1);
});
