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
  /** Ours: the affiliate programme, from the user menu. */
  affiliate: '/affiliate',
  /** Ours: the operators' console (operators only). */
  ops: '/ops',
} as const;

export type AppPath = (typeof ROUTES)[keyof typeof ROUTES];

/** Location state the guard leaves on '/' when its terms check failed (spec section 4, step 5). */
export interface RootLocationState {
  termsCheckFailed?: boolean;
}

const PUBLIC_PATHS: ReadonlySet<string> = new Set([ROUTES.root, ROUTES.login, ROUTES.auth, ROUTES.verifyOtp]);

/** The paths a signed-out visitor can use; any other path is protected or not found. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}
