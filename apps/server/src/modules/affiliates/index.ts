// The affiliates module's public face (docs/decisions/008-modules-own-their-tables.md). The
// commerce module calls the purchase contract inside its own transactions; the job handlers run
// the daily sweep; the admin CLI and the harnesses call the operators' functions.

export { payoutOutputSchema } from './affiliate.output.js';
export {
  affiliatesPage,
  applyAsAffiliate,
  getMyAffiliate,
  listAffiliates,
  payoutHistory,
  setAffiliateStatus,
} from './affiliates.service.js';
export { recordAffiliatePayout } from './payouts.service.js';
export {
  approveHeldReferrals,
  type PurchaseReferral,
  recordReferralForPurchase,
  reverseReferralsForPayment,
} from './referrals.service.js';
