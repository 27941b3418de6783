import { describe, expect, it, vi } from 'vitest';
import { createInstallPrompt } from '../../../../src/lib/install-prompt.ts';

/** A window stand-in: an event target with a display-mode query that tests can flip. */
function host(standalone = false) {
  const target = new EventTarget();
  const changes: (() => void)[] = [];
  const media = { matches: standalone, addEventListener: (_type: 'change', listener: () => void) => void changes.push(listener) };
  return {
    addEventListener: target.addEventListener.bind(target) as (type: string, listener: (event: Event) => void) => void,
    dispatchEvent: target.dispatchEvent.bind(target),
    matchMedia: () => media,
    setStandalone(value: boolean) {
      media.matches = value;
      for (const change of changes) change();
    },
  };
}

/** A synthetic beforeinstallprompt with a prompt() stub, as Chromium sends it. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('createInstallPrompt', () => {
  it('has nothing to offer until the browser offers an install', async () => {
    const prompt = createInstallPrompt(host());
    expect(prompt.state()).toBe('manual');
    expect(await prompt.install()).toBe(false);
  });

  it('holds the offer, suppresses the infobar, prompts once and tells what the visitor chose', async () => {
    const window = host();
    const prompt = createInstallPrompt(window);
    const seen = vi.fn();
    prompt.subscribe(seen);
    const { event, prompt: stub } = offer('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(prompt.state()).toBe('available');
    expect(seen).toHaveBeenCalledTimes(1);

    await expect(prompt.install()).resolves.toBe(true);
    expect(stub).toHaveBeenCalledTimes(1);
    // The offer is used up: a second press asks nothing of the same event.
    expect(prompt.state()).toBe('manual');
    await expect(prompt.install()).resolves.toBe(false);
    expect(stub).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('appinstalled'));
    expect(prompt.state()).toBe('installed');
  });

  it('a dismissed prompt says so; a later offer is available again', async () => {
    const window = host();
    const prompt = createInstallPrompt(window);
    window.dispatchEvent(offer('dismissed').event);
    await expect(prompt.install()).resolves.toBe(false);
    window.dispatchEvent(offer('accepted').event);
    expect(prompt.state()).toBe('available');
  });

  it('is installed when it runs standalone, from the start or once the display mode changes', () => {
    expect(createInstallPrompt(host(true)).state()).toBe('installed');
    const window = host();
    const prompt = createInstallPrompt(window);
    window.dispatchEvent(offer('accepted').event);
    window.setStandalone(true);
    expect(prompt.state()).toBe('installed');
  });
});
