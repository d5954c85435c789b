// The affiliates module's public face (docs/decisions/008-modules-own-their-tables.md). The
// commerce module calls the purchase contract inside its own transactions; the job handlers run
// the daily sweep; the admin CLI and the harnesses call the operators' functions.
export type { MyAffiliate, Page, Payout, Referral } from './affiliate.output.js';
export {
  type AffiliateSummary,
  applyAsAffiliate,
  getMyAffiliate,
  listAffiliates,
  setAffiliateStatus,
} from './affiliates.service.js';
export type { AffiliateBalance } from './balance.js';
export { type PayoutInput, type RecordedPayout, recordAffiliatePayout } from './payouts.service.js';
export {
  approveHeldReferrals,
  type PurchaseReferral,
  type ReferralOutcome,
  recordReferralForPurchase,
  reverseReferralsForPayment,
} from './referrals.service.js';
