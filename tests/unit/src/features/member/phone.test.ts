import { describe, expect, it } from 'vitest';
import { phoneNumberOf } from '../../../../../protocol/account.ts';
import { maskPhone } from '../../../../../src/features/member/phone-section.tsx';
import { splitPhone } from '../../../../../src/components/phone-fields.tsx';
import { exportFileName } from '../../../../../src/features/member/data-section.tsx';

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

describe('stored phones and export names', () => {
  it('splits a stored phone into its calling code (the longest that fits) and national number', () => {
    expect(splitPhone('+8613912345678')).toEqual({ country: '+86', mobile: '13912345678' });
    expect(splitPhone('+85291234567')).toEqual({ country: '+852', mobile: '91234567' });
    expect(splitPhone('+886912345678')).toEqual({ country: '+886', mobile: '912345678' });
    expect(splitPhone('')).toBeNull();
    expect(splitPhone('13912345678')).toBeNull();
  });

  it('names an export by account and day, with nothing a file system refuses', () => {
    const at = new Date('2026-11-25T23:10:00Z');
    expect(exportFileName('traveller_01', at)).toBe('md-account-traveller_01-2026-11-25.json');
    expect(exportFileName('旅行者', at)).toBe('md-account-旅行者-2026-11-25.json');
    expect(exportFileName('a/b\\c:d', at)).toBe('md-account-a_b_c_d-2026-11-25.json');
    expect(exportFileName('', at)).toBe('md-account-account-2026-11-25.json');
  });
});
