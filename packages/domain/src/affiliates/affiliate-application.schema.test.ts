import { describe, expect, it } from 'vitest';
import {
  affiliateApplicationSchema,
  EMPTY_AFFILIATE_APPLICATION,
  paymentDetailsSummary,
} from './affiliate-application.schema.js';
import { AFFILIATE_TEXTS as T } from './affiliate-texts.js';

const form = (patch: Record<string, unknown>, details: Record<string, unknown> = {}) => ({
  ...EMPTY_AFFILIATE_APPLICATION,
  ...patch,
  paymentDetails: { ...EMPTY_AFFILIATE_APPLICATION.paymentDetails, ...details },
});

function errors(value: unknown): Record<string, string> {
  const result = affiliateApplicationSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the affiliate application', () => {
  it('keeps only the chosen method details, and empty profile fields as null', () => {
    const parsed = affiliateApplicationSchema.parse(
      form({ paymentMethod: 'paypal', instagramHandle: '@ada.codes' }, { email: ' Ada@Example.TEST ' }),
    );
    expect(parsed).toEqual({
      bio: null,
      websiteUrl: null,
      instagramHandle: 'ada.codes',
      twitterHandle: null,
      tiktokHandle: null,
      paymentMethod: 'paypal',
      paymentDetails: { email: 'ada@example.test' },
    });
  });

  it('needs a payment method and reports the profile fields at the same time', () => {
    expect(errors(form({ websiteUrl: 'ftp://x.example', twitterHandle: 'much_too_long_for_x' }))).toEqual({
      websiteUrl: T.websiteInvalid,
      twitterHandle: T.twitterInvalid,
      paymentMethod: T.paymentMethodRequired,
    });
  });

  it('checks each method details under their own field', () => {
    expect(errors(form({ paymentMethod: 'bank_transfer' }, { accountNumber: '12' }))).toEqual({
      'paymentDetails.accountHolder': T.accountHolderRequired,
      'paymentDetails.bankName': T.bankNameRequired,
      'paymentDetails.accountNumber': T.accountNumberInvalid,
    });
    expect(errors(form({ paymentMethod: 'paypal' }, { email: 'nope' }))).toEqual({
      'paymentDetails.email': T.paypalEmailInvalid,
    });
    expect(errors(form({ paymentMethod: 'stripe' }, { accountId: 'acct_1' }))).toEqual({
      'paymentDetails.accountId': T.stripeAccountInvalid,
    });
    expect(
      errors(form({ paymentMethod: 'crypto' }, { network: 'bitcoin', walletAddress: `0x${'a'.repeat(40)}` })),
    ).toEqual({
      'paymentDetails.walletAddress': T.walletAddressInvalid,
    });
    expect(
      errors(
        form({ paymentMethod: 'crypto' }, { network: 'ethereum', walletAddress: `0x${'aB3'.repeat(13)}c` }),
      ),
    ).toEqual({});
    expect(
      affiliateApplicationSchema.parse(
        form(
          { paymentMethod: 'bank_transfer' },
          { accountHolder: 'Ada', bankName: 'RBC', accountNumber: 'de89 3704 0044 0532 0130 00' },
        ),
      ).paymentDetails,
    ).toEqual({
      accountHolder: 'Ada',
      bankName: 'RBC',
      accountNumber: 'DE89370400440532013000',
      routingCode: null,
    });
  });

  it('summarises payment details without the whole number', () => {
    expect(
      paymentDetailsSummary('bank_transfer', {
        accountHolder: 'Ada',
        bankName: 'RBC',
        accountNumber: '1234567890',
        routingCode: null,
      }),
    ).toBe('RBC …7890');
    expect(paymentDetailsSummary('paypal', { email: 'ada@example.test' })).toBe('ada@example.test');
  });
});
