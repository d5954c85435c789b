// The referral cookie: read by the sign-in state (shop links) and captured at boot.
export {
  CookieJarContext,
  captureReferral,
  readReferralCode,
  shopUrlWithReferral,
  useCookieJar,
} from './referral-cookie';
