// What the sign-in state uses of affiliates: the referral code, read into its shop links.
// (app/ wires the cookie jar and the capture at boot by file, as it does every feature.)

// The payouts table, shown by the operators' console too.
export { PayoutsTable } from './PayoutsTable/PayoutsTable';
export { readReferralCode, shopUrlWithReferral, useCookieJar } from './referral-cookie';
