import { describe, expect, it } from 'vitest';
import { phoneNumberOf } from '../../../../../protocol/account.ts';
import { maskPhone } from '../../../../../src/features/member/phone-section.tsx';

describe('phone numbers', () => {
  it('stores a number of its country in one form and refuses others', () => {
    expect(phoneNumberOf('+86', '139 1234-5678')).toBe('+8613912345678');
    expect(phoneNumberOf('+886', '0912345678')).toBe('+886912345678');
    expect(phoneNumberOf('+852', '91234567')).toBe('+85291234567');
    expect(phoneNumberOf('+86', '2912345678')).toBeNull();
    expect(phoneNumberOf('+86', '1391234567')).toBeNull();
    expect(phoneNumberOf('+999', '13912345678')).toBeNull();
    expect(phoneNumberOf('+86', '１３９１２３４５６７８')).toBeNull();
  });

  it('shows a bound number with its middle hidden', () => {
    expect(maskPhone('+8613912345678')).toBe('+86 139****5678');
    expect(maskPhone('+85291234567')).toBe('+852 912*4567');
    expect(maskPhone('+886912345678')).toBe('+886 912**5678');
    expect(maskPhone('13912345678')).toBe('13912345678');
  });
});
