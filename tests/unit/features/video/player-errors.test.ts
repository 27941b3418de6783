import { describe, expect, it } from 'vitest';
import { PLAYER_ERROR_TYPES, isSupersededLoad, mediaErrorType, shakaErrorType, toPlayerFailure } from '../../../../src/features/video/player/player-errors.ts';
import { zhCNPages } from '../../../../src/i18n/zh-CN.pages.ts';

describe('shakaErrorType', () => {
  it.each([
    [1001, PLAYER_ERROR_TYPES.network],
    [1002, PLAYER_ERROR_TYPES.network],
    [1010, PLAYER_ERROR_TYPES.network],
    [1003, PLAYER_ERROR_TYPES.timeout],
    [3014, PLAYER_ERROR_TYPES.mse],
    [3015, PLAYER_ERROR_TYPES.mse],
    [3017, PLAYER_ERROR_TYPES.mse],
    [3000, PLAYER_ERROR_TYPES.parse],
    [4001, PLAYER_ERROR_TYPES.parse],
    [4002, PLAYER_ERROR_TYPES.parse],
    [2000, PLAYER_ERROR_TYPES.parse],
    [4000, PLAYER_ERROR_TYPES.format],
    [4032, PLAYER_ERROR_TYPES.format],
    [4012, PLAYER_ERROR_TYPES.format],
    [3018, PLAYER_ERROR_TYPES.format],
    [6001, PLAYER_ERROR_TYPES.format],
    [5006, PLAYER_ERROR_TYPES.runtime],
    [7002, PLAYER_ERROR_TYPES.runtime],
    [9001, PLAYER_ERROR_TYPES.other],
    [42, PLAYER_ERROR_TYPES.other],
  ])('maps shaka code %i to type %i', (code, type) => {
    expect(shakaErrorType(code)).toBe(type);
  });

  it('classifies VIDEO_ERROR (3016) by the media element error it carries', () => {
    expect(shakaErrorType(3016, [3])).toBe(PLAYER_ERROR_TYPES.decoder);
    expect(shakaErrorType(3016, [4])).toBe(PLAYER_ERROR_TYPES.format);
    expect(shakaErrorType(3016, [2])).toBe(PLAYER_ERROR_TYPES.network);
    expect(shakaErrorType(3016, [])).toBe(PLAYER_ERROR_TYPES.decoder);
  });

  it('maps an unknown media error code to other', () => {
    expect(mediaErrorType(1)).toBe(PLAYER_ERROR_TYPES.other);
  });

  it('always yields one of the eight SPEC types, each with a label', () => {
    for (let code = 0; code < 11_000; code += 7) {
      const type = shakaErrorType(code);
      expect(type).toBeGreaterThanOrEqual(1);
      expect(type).toBeLessThanOrEqual(8);
      expect(zhCNPages.player[`error${type}`]).toBeTruthy();
    }
  });
});

describe('toPlayerFailure', () => {
  it('keeps the shaka code and reads data from shaka error objects', () => {
    expect(toPlayerFailure({ severity: 2, category: 3, code: 3016, data: [3] })).toEqual({ type: 5, code: 3016 });
    expect(toPlayerFailure({ code: 1001, data: 'not an array' })).toEqual({ type: 1, code: 1001 });
  });

  it('treats plain errors as runtime failures and anything else as other', () => {
    expect(toPlayerFailure(new TypeError('boom'))).toEqual({ type: PLAYER_ERROR_TYPES.runtime, code: null });
    expect(toPlayerFailure('weird')).toEqual({ type: PLAYER_ERROR_TYPES.other, code: null });
    expect(toPlayerFailure(null)).toEqual({ type: PLAYER_ERROR_TYPES.other, code: null });
  });
});

describe('isSupersededLoad', () => {
  it('ignores interrupted loads and a destroyed player, not real failures', () => {
    expect(isSupersededLoad({ code: 7000 })).toBe(true);
    expect(isSupersededLoad({ code: 7001 })).toBe(true);
    expect(isSupersededLoad({ code: 7003 })).toBe(true);
    expect(isSupersededLoad({ code: 1001 })).toBe(false);
    expect(isSupersededLoad(new Error('x'))).toBe(false);
  });
});

it('uses the SPEC §8 tip', () => {
  expect(zhCNPages.player.networkTip).toBe('网络连接似乎出现了问题');
});
