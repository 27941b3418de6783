import { describe, expect, it } from 'vitest';
import { fromBase64, fromUtf8 } from '../../../../protocol/bytes.ts';
import { affCodeFrom, isProtectedPath, newDeviceId } from '../../../../src/lib/session.ts';

describe('affCodeFrom', () => {
  it('is empty without dc or pc', () => {
    expect(affCodeFrom('')).toBe('');
    expect(affCodeFrom('?id=3')).toBe('');
  });

  it('is base64 of JSON {dc, pc}', () => {
    const code = affCodeFrom('?dc=abc&pc=%E4%B8%AD');
    expect(JSON.parse(fromUtf8(fromBase64(code)))).toEqual({ dc: 'abc', pc: '中' });
    expect(JSON.parse(fromUtf8(fromBase64(affCodeFrom('?pc=9'))))).toEqual({ dc: '', pc: '9' });
  });
});

describe('newDeviceId', () => {
  it('is a 36-character v4 id', () => {
    const id = newDeviceId();
    expect(id).toHaveLength(36);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newDeviceId()).not.toBe(id);
  });
});

describe('isProtectedPath', () => {
  it('guards /mine, /sysMsg and /post only', () => {
    expect(['/mine', '/sysMsg', '/post'].every(isProtectedPath)).toBe(true);
    expect(isProtectedPath('/')).toBe(false);
    expect(isProtectedPath('/postDetail')).toBe(false);
  });
});
