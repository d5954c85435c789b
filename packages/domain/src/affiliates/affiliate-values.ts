// The affiliate programme's fixed values (spec section 3, 'Stored definitions': affiliates,
// referrals, affiliate_payments; section 4, 'Other states'), shared by the server's checks,
// its table types and the web page's labels.

export const AFFILIATE_STATUSES = ['pending', 'approved', 'blocked'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const AFFILIATE_PAYMENT_METHODS = ['bank_transfer', 'paypal', 'stripe', 'crypto'] as const;
export type AffiliatePaymentMethod = (typeof AFFILIATE_PAYMENT_METHODS)[number];

/**
 * pending: inside the holding period; converted: the commission is approved (owed);
 * paid: a payout covered it; cancelled: a refund or dispute reversed it.
 */
export const REFERRAL_STATUSES = ['pending', 'converted', 'cancelled', 'paid'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Where the code came from: the store's checkout metadata, or the portal's referral link. */
export const REFERRAL_SOURCES = ['checkout', 'link'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

export const REFERRAL_REVERSAL_REASONS = ['refund', 'dispute'] as const;
export type ReferralReversalReason = (typeof REFERRAL_REVERSAL_REASONS)[number];

/** A payout starts as processing (spec section 4); one the operator records as made is paid. */
export const AFFILIATE_PAYMENT_STATUSES = ['processing', 'paid', 'failed'] as const;
export type AffiliatePaymentStatus = (typeof AFFILIATE_PAYMENT_STATUSES)[number];

/**
 * The programme's one currency: the store's (payments default to CAD). Balances add cents, so
 * they must all be of one currency; a purchase in another earns no commission.
 */
export const AFFILIATE_CURRENCY = 'CAD';

/** Rows per page of the Affiliate page's referrals and payouts tables. */
export const AFFILIATE_PAGE_SIZE = 10;

/** Spec section 9, 'Affiliate commission rate default' (the column's default, 0.1). */
export const DEFAULT_COMMISSION_RATE = '0.1000';

export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  blocked: 'Blocked',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  converted: 'Approved',
  paid: 'Paid',
  cancelled: 'Reversed',
};

/** Mantine colour names, one per referral status. */
export const REFERRAL_STATUS_COLORS: Record<ReferralStatus, string> = {
  pending: 'yellow',
  converted: 'green',
  paid: 'blue',
  cancelled: 'red',
};

export const AFFILIATE_PAYMENT_STATUS_LABELS: Record<AffiliatePaymentStatus, string> = {
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
};

export const PAYMENT_METHOD_LABELS: Record<AffiliatePaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  paypal: 'PayPal',
  stripe: 'Stripe',
  crypto: 'Crypto',
};
