import { encode } from 'uqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrModulesPath } from '../../../../src/components/qr-path.ts';
import { canWebShare, shareTarget } from '../../../../src/features/video/share/share-link.ts';
import { copyText } from '../../../../src/lib/clipboard.ts';

describe('share', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shares the page link without its hash, with the title', () => {
    expect(shareTarget({ origin: 'https://md.example', pathname: '/videoDetails', search: '?id=1001' }, '标题')).toEqual({
      title: '标题',
      url: 'https://md.example/videoDetails?id=1001',
    });
  });

  it('uses the Web Share API only where navigator.share is a function', () => {
    expect(canWebShare({ share: async () => undefined })).toBe(true);
    expect(canWebShare({ share: undefined } as unknown as Navigator)).toBe(false);
    expect(canWebShare(undefined)).toBe(false);
  });

  it('copies with the async clipboard, else with the fallback, and says whether it worked', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const fallback = vi.fn(() => true);
    expect(await copyText('https://x/1', fallback)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://x/1');
    expect(fallback).not.toHaveBeenCalled();

    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    expect(await copyText('https://x/1', fallback)).toBe(true);
    expect(fallback).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', {});
    expect(await copyText('https://x/1', () => false)).toBe(false);
  });

  it('draws one unit square per dark module of the QR matrix', () => {
    expect(
      qrModulesPath([
        [true, false],
        [false, true],
      ]),
    ).toBe('M0 0h1v1h-1zM1 1h1v1h-1z');
    const qr = encode('http://127.0.0.1:8103/videoDetails?id=1001', { ecc: 'M', border: 2 });
    const dark = qr.data.flat().filter(Boolean).length;
    expect(qrModulesPath(qr.data).match(/M/g)).toHaveLength(dark);
    // A quiet zone of two modules stays white on every side.
    expect(qr.data[0]!.some(Boolean) || qr.data[1]!.some(Boolean) || qr.data.at(-1)!.some(Boolean)).toBe(false);
  });
});
