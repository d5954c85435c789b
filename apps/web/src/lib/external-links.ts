// Every address outside this portal that the client knows itself, in one place. The portal
// has no sign-up, password or store screens of its own: those live on the provider's main site
// (spec section 1). The store's page is the server's (SHOP_URL), served by auth.status: read it
// with useShopUrl() (features/auth/AuthProvider/auth-context.ts).
const MAIN_SITE = 'https://legacycapsule.com';

export const PRODUCT_NAME = 'Legacy Capsule';

export const EXTERNAL_LINKS = {
  home: MAIN_SITE,
  about: `${MAIN_SITE}/about`,
  contact: `${MAIN_SITE}/contact`,
  guide: `${MAIN_SITE}/guide`,
  faqs: `${MAIN_SITE}/faqs`,
  privacy: `${MAIN_SITE}/privacy-policy`,
  terms: `${MAIN_SITE}/terms-of-service`,
  signUp: `${MAIN_SITE}/my-account/register`,
  passwordReset: `${MAIN_SITE}/my-account/lost-password`,
  accountSecurity: `${MAIN_SITE}/my-account/security`,
} as const;

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/legacycapsule' },
  { label: 'Instagram', href: 'https://www.instagram.com/legacycapsule' },
  { label: 'YouTube', href: 'https://www.youtube.com/@legacycapsule' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/legacycapsule' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['label'];

/** Props for an anchor that leaves the portal: a new tab, without handing it our window. */
export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
