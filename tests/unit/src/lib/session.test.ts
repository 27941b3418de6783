import { describe, expect, it } from 'vitest';
import { fromBase64, fromUtf8 } from '../../../../protocol/bytes.ts';
import { affCodeFrom, guestLoginBody, isProtectedPath, newDeviceId, usableDeviceId } from '../../../../src/lib/session.ts';

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
  it('guards /mine, /sysMsg, /post and the account screen only', () => {
    expect(['/mine', '/sysMsg', '/post', '/account'].every(isProtectedPath)).toBe(true);
    expect(isProtectedPath('/')).toBe(false);
    expect(isProtectedPath('/postDetail')).toBe(false);
  });
});

describe('guest binding', () => {
  const id = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
  it('sends the secret the server issued, and nothing when the device holds none or an old local value', () => {
    const secret = 'A'.repeat(21) + '_-' + 'z'.repeat(20);
    expect(guestLoginBody(id, secret, '')).toEqual({ affCode: '', devID: id, uuid: secret });
    expect(guestLoginBody(id, '', '')).toEqual({ affCode: '', devID: id });
    // Earlier builds kept a locally made UUID here: it is not a server secret, so it is not sent.
    expect(guestLoginBody(id, newDeviceId(), '')).toEqual({ affCode: '', devID: id });
  });

  it('keeps a well-formed device id and replaces a damaged one', () => {
    expect(usableDeviceId(id)).toBe(id);
    for (const bad of ['', '0'.repeat(36), id.toUpperCase(), `${id}x`]) {
      const replaced = usableDeviceId(bad);
      expect(replaced).not.toBe(bad);
      expect(replaced).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
