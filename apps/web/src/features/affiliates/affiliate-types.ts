import type { RouterOutputs } from '@capsule/server/app-router';

/** The member's programme, as affiliates.me answers it (null before applying). */
export type MyAffiliate = NonNullable<RouterOutputs['affiliates']['me']>;
export type ReferralPage = RouterOutputs['affiliates']['referrals'];
export type Referral = ReferralPage['items'][number];
export type PayoutPage = RouterOutputs['affiliates']['payouts'];
export type Payout = PayoutPage['items'][number];
export type AffiliateTerms = RouterOutputs['affiliates']['terms'];
