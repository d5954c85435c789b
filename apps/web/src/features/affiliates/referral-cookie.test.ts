import { describe, expect, it } from 'vitest';
import { captureReferral, readReferralCode, shopUrlWithReferral } from './referral-cookie';

/** A cookie jar that keeps what was written, as document.cookie shows it back. */
function jar() {
  const written: string[] = [];
  const values = new Map<string, string>();
  return {
    written,
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = ''] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      values.set(name.trim(), value.trim());
    },
  };
}

describe('the referral link cookie', () => {
  it('keeps ?ref=CODE for 30 days, first-party, SameSite=Lax, Secure over https', () => {
    const cookies = jar();
    expect(captureReferral('?ref=ada7k2q&utm_source=x', cookies, true)).toBe('ADA7K2Q');
    expect(cookies.written).toEqual(['capsule_ref=ADA7K2Q; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
    expect(readReferralCode(cookies)).toBe('ADA7K2Q');
    // Over plain http (development) the cookie cannot be Secure.
    const local = jar();
    captureReferral('?ref=ADA7K2Q', local, false);
    expect(local.written[0]).not.toMatch(/Secure/);
  });

  it('ignores a malformed code and keeps an earlier valid one; the latest valid link wins', () => {
    const cookies = jar();
    captureReferral('?ref=FIRST1', cookies, false);
    expect(captureReferral('?ref=%3Cscript%3E', cookies, false)).toBe('FIRST1');
    expect(captureReferral('?ref=', cookies, false)).toBe('FIRST1');
    expect(captureReferral('', cookies, false)).toBe('FIRST1');
    expect(cookies.written).toHaveLength(1);
    expect(captureReferral('?ref=SECOND2', cookies, false)).toBe('SECOND2');
    expect(readReferralCode(cookies)).toBe('SECOND2');
  });

  it('reads nothing from a tampered cookie', () => {
    expect(readReferralCode({ cookie: 'other=1; capsule_ref=x"; y' })).toBeNull();
    expect(readReferralCode({ cookie: '' })).toBeNull();
  });

  it('hands the code to the shop link as the store reads it', () => {
    expect(shopUrlWithReferral('https://shop.example/capsules?lang=en', 'ADA7K2Q')).toBe(
      'https://shop.example/capsules?lang=en&ref=ADA7K2Q&client_reference_id=ref_ADA7K2Q',
    );
    expect(shopUrlWithReferral('https://shop.example/capsules', null)).toBe('https://shop.example/capsules');
  });
});
