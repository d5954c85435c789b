// Every path of the spec's route table (section 2), named once.
export const ROUTES = {
  root: '/',
  login: '/login',
  auth: '/auth',
  verifyOtp: '/verify-otp',
  dashboard: '/dashboard',
  contacts: '/contacts',
  familyTree: '/family-tree',
  friendsTree: '/friends-tree',
  colleagues: '/colleagues',
  settings: '/settings',
  receivedCapsules: '/received-capsules',
  terms: '/terms-and-conditions',
  /** Ours (issue 13): the affiliate programme, from the user menu. */
  affiliate: '/affiliate',
} as const;

export type AppPath = (typeof ROUTES)[keyof typeof ROUTES];

/** Location state the guard leaves on '/' when its terms check failed (spec section 4, step 5). */
export interface RootLocationState {
  termsCheckFailed?: boolean;
}

/** The paths a signed-out visitor can use (also read by the build: build/signed-in-preload.ts). */
export const PUBLIC_PATH_LIST: readonly string[] = [ROUTES.root, ROUTES.login, ROUTES.auth, ROUTES.verifyOtp];

const PUBLIC_PATHS: ReadonlySet<string> = new Set(PUBLIC_PATH_LIST);

/** Any path but those is protected or not found. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}
