import { type ComponentType, lazy, Suspense, useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { GuardFallback } from '../features/auth/ProtectedRoute/GuardFallback';
import { PublicLayout } from '../features/shell/PublicLayout/PublicLayout';
import { RootRoute } from './RootRoute';
import { ROUTES } from './routes';

type SignedInModule = typeof import('./signed-in');

// The signed-in app once its chunk has loaded: routes then render it at once.
let signedInModule: SignedInModule | undefined;
const loadSignedIn = () =>
  import('./signed-in').then((module) => {
    signedInModule = module;
    return module;
  });

/**
 * One dynamic import for the whole signed-in app: Vite makes it one chunk. The sign-in screen
 * is the only page in the first visit's script (the first visit's budget: at most 120 KB gzip); the code
 * screen and not-found load when opened.
 *
 * Once the chunk is here, a route renders its component directly rather than through
 * React.lazy: a lazy component suspends on its first render even when its module is loaded,
 * and React then shows the fallback and holds the content back (it reveals Suspense content
 * at most every 300 ms after a fallback), which cost the dashboard a few hundred ms.
 */
const lazyParts = new Map<keyof SignedInModule, ComponentType>();

function lazyPart(name: keyof SignedInModule): ComponentType {
  let part = lazyParts.get(name);
  if (!part) {
    part = lazy(async () => ({ default: (await loadSignedIn())[name] as ComponentType }));
    lazyParts.set(name, part);
  }
  return part;
}

/** One part of the signed-in app (a page, a layout), by its export name in signed-in.ts. */
function SignedIn({ name }: { name: keyof SignedInModule }) {
  // Chosen once per part shown here (a route change to another page chooses again): switching
  // an already shown lazy part to the module's own component would remount all under it.
  const Part = useMemo(() => (signedInModule?.[name] as ComponentType | undefined) ?? lazyPart(name), [name]);
  return <Part />;
}

/**
 * Starts loading the signed-in app (e.g. when a protected page is opened directly); resolves
 * when it is ready, or failed (the route's own lazy load then reports the failure).
 */
export function preloadSignedIn(): Promise<void> {
  return loadSignedIn().then(
    () => undefined,
    () => undefined,
  );
}

const VerifyOtpPage = lazy(async () => ({
  default: (await import('../features/auth/verify-otp.page')).VerifyOtpPage,
}));
// The operators' console: its own chunk, which members never load.
const OpsConsole = lazy(async () => ({
  default: (await import('../features/ops')).OpsConsole,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('../features/not-found/not-found.page')).NotFoundPage,
}));

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path={ROUTES.root} element={<RootRoute />} />
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.auth} element={<LoginPage />} />
        <Route path={ROUTES.verifyOtp} element={<VerifyOtpPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route
        element={
          <Suspense fallback={<GuardFallback />}>
            <SignedIn name="SignedInArea" />
          </Suspense>
        }
      >
        {/* Reachable before the terms are accepted, so without the sidebar's areas. */}
        <Route element={<SignedIn name="PortalLayout" />}>
          <Route path={ROUTES.terms} element={<SignedIn name="TermsPage" />} />
        </Route>
        <Route
          path={`${ROUTES.ops}/*`}
          element={
            <Suspense fallback={<GuardFallback />}>
              <OpsConsole />
            </Suspense>
          }
        />
        <Route element={<SignedIn name="PortalLayoutWithSidebar" />}>
          <Route path={ROUTES.dashboard} element={<SignedIn name="DashboardPage" />} />
          <Route path={ROUTES.contacts} element={<SignedIn name="ContactsPage" />} />
          <Route path={ROUTES.familyTree} element={<SignedIn name="FamilyTreePage" />} />
          <Route path={ROUTES.friendsTree} element={<SignedIn name="FriendsTreePage" />} />
          <Route path={ROUTES.colleagues} element={<SignedIn name="ColleaguesPage" />} />
          <Route path={ROUTES.settings} element={<SignedIn name="SettingsPage" />} />
          <Route path={ROUTES.receivedCapsules} element={<SignedIn name="ReceivedCapsulesPage" />} />
          <Route path={ROUTES.affiliate} element={<SignedIn name="AffiliatePage" />} />
        </Route>
      </Route>
    </Routes>
  );
}
