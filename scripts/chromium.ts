// The Chromium that the end-to-end tests, the bench and the screenshots drive, and how they start it.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else the distribution's package (what .ci/run installs). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What every automated run needs: no sandbox (containers run as root), no GPU, no first-run pages. */
export const CHROMIUM_BASE_FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run'];

/** The base flags and none of Chromium's own traffic (updates, sync) beside what is tested or measured. */
export const CHROMIUM_FLAGS = [...CHROMIUM_BASE_FLAGS, '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Playwright's launch options for pages that play video: muted autoplay needs no gesture. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'] };

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The end-to-end tests' Chromium: E2E_CHROMIUM_PATH, else the distribution's headless shell of the
 * same build when it is installed (Debian's chromium-headless-shell, what Playwright itself runs
 * headless: the same engine without the browser's own interface; the whole suite took 29.0 min
 * with it and 39.2 with the full browser on two cores), else CHROMIUM_PATH. The bench and the screenshots keep the full browser.
 */
export const E2E_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH ?? (process.env.CHROMIUM_PATH === undefined && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** The two sizes the app is checked at: a 375 px phone (touch, 2x pixels) and a 1280 px desktop. */
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
