import { z } from 'zod';
import { optionalTextSchema } from '../contacts/optional-text.js';
import { AFFILIATE_TEXTS as T } from './affiliate-texts.js';
import { AFFILIATE_PAYMENT_METHODS, type AffiliatePaymentMethod } from './affiliate-values.js';

// affiliates.apply: bio, website, social handles, and how to be paid with the
// details that method needs. The server parses it, the web form validates with it.

/** An optional handle: '' or null is none, a leading '@' is dropped. */
const handle = (pattern: RegExp, message: string) =>
  optionalTextSchema
    .transform((value) => value?.replace(/^@/, '') || null)
    .pipe(z.string().regex(pattern, message).nullable());

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const CRYPTO_NETWORKS = ['bitcoin', 'ethereum'] as const;
type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];
export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, string> = {
  bitcoin: 'Bitcoin (BTC)',
  ethereum: 'Ethereum (ETH, ERC-20)',
};

// Bitcoin: bech32 (bc1...) or base58 (1... or 3...); Ethereum: 0x and 40 hex digits.
const WALLET_PATTERNS: Record<CryptoNetwork, RegExp> = {
  bitcoin: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  ethereum: /^0x[0-9a-fA-F]{40}$/,
};

const bankTransferDetails = z.object({
  accountHolder: requiredText(T.accountHolderRequired),
  bankName: requiredText(T.bankNameRequired),
  accountNumber: z
    .string({ error: T.accountNumberInvalid })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, T.accountNumberInvalid)),
  routingCode: optionalTextSchema.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9 -]{3,20}$/, T.routingCodeInvalid)
      .nullable(),
  ),
});

const paypalDetails = z.object({
  email: z
    .string({ error: T.paypalEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, T.paypalEmailInvalid)
    .pipe(z.email({ error: T.paypalEmailInvalid })),
});

const stripeDetails = z.object({
  accountId: z
    .string({ error: T.stripeAccountInvalid })
    .trim()
    .regex(/^acct_[A-Za-z0-9]{8,32}$/, T.stripeAccountInvalid),
});

const cryptoDetails = z
  .object({
    network: z.enum(CRYPTO_NETWORKS, { error: T.cryptoNetworkRequired }),
    walletAddress: z.string({ error: T.walletAddressInvalid }).trim().min(1, T.walletAddressInvalid),
  })
  .superRefine((value, ctx) => {
    if (!WALLET_PATTERNS[value.network].test(value.walletAddress)) {
      ctx.addIssue({ code: 'custom', message: T.walletAddressInvalid, path: ['walletAddress'] });
    }
  });

const DETAILS = {
  bank_transfer: bankTransferDetails,
  paypal: paypalDetails,
  stripe: stripeDetails,
  crypto: cryptoDetails,
} as const satisfies Record<AffiliatePaymentMethod, z.ZodType>;

export type PaymentDetails = { [M in AffiliatePaymentMethod]: z.output<(typeof DETAILS)[M]> };

interface ApplicationProfile {
  bio: string | null;
  websiteUrl: string | null;
  instagramHandle: string | null;
  twitterHandle: string | null;
  tiktokHandle: string | null;
}

/** A checked application: the payment details are those of its method, and only those. */
export type AffiliateApplication = ApplicationProfile &
  {
    [M in AffiliatePaymentMethod]: { paymentMethod: M; paymentDetails: PaymentDetails[M] };
  }[AffiliatePaymentMethod];

export const affiliateApplicationSchema = z
  .object({
    bio: optionalTextSchema.pipe(z.string().max(500, T.bioTooLong).nullable()),
    websiteUrl: optionalTextSchema.pipe(
      z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: T.websiteInvalid })
        .max(200, T.websiteInvalid)
        .nullable(),
    ),
    instagramHandle: handle(/^[A-Za-z0-9._]{1,30}$/, T.instagramInvalid),
    twitterHandle: handle(/^[A-Za-z0-9_]{1,15}$/, T.twitterInvalid),
    tiktokHandle: handle(/^[A-Za-z0-9._]{2,24}$/, T.tiktokInvalid),
    paymentMethod: z.enum(AFFILIATE_PAYMENT_METHODS, { error: T.paymentMethodRequired }),
    // The form keeps every method's fields; only the chosen method's are checked and kept.
    paymentDetails: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((value, ctx) => {
    const details = DETAILS[value.paymentMethod].safeParse(value.paymentDetails);
    if (details.success) return;
    for (const issue of details.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['paymentDetails', ...issue.path] });
    }
  })
  .transform(
    (value) =>
      ({
        ...value,
        paymentDetails: DETAILS[value.paymentMethod].parse(value.paymentDetails),
      }) as AffiliateApplication,
  );

export type AffiliateApplicationInput = z.input<typeof affiliateApplicationSchema>;

/** The form's values: every field a string ('' when empty), every method's details at once. */
export const EMPTY_AFFILIATE_APPLICATION = {
  bio: '',
  websiteUrl: '',
  instagramHandle: '',
  twitterHandle: '',
  tiktokHandle: '',
  paymentMethod: '' as AffiliatePaymentMethod | '',
  paymentDetails: {
    accountHolder: '',
    bankName: '',
    accountNumber: '',
    routingCode: '',
    email: '',
    accountId: '',
    network: '' as CryptoNetwork | '',
    walletAddress: '',
  },
};

/**
 * What the affiliate sees of their payment details: enough to recognise them (the method, a
 * PayPal address, the last 4 characters of an account or wallet), never the whole number.
 */
export function paymentDetailsSummary(method: AffiliatePaymentMethod, details: unknown): string {
  const parsed = DETAILS[method].safeParse(details);
  if (!parsed.success) return '';
  const last4 = (text: string) => `…${text.slice(-4)}`;
  const d = parsed.data as Record<string, string | null>;
  switch (method) {
    case 'bank_transfer':
      return `${d.bankName} ${last4(d.accountNumber ?? '')}`;
    case 'paypal':
      return d.email ?? '';
    case 'stripe':
      return d.accountId ?? '';
    case 'crypto':
      return `${CRYPTO_NETWORK_LABELS[d.network as CryptoNetwork]} ${last4(d.walletAddress ?? '')}`;
  }
}
