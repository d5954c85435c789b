import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { GuardFallback } from '../features/auth/ProtectedRoute/GuardFallback';
import { PublicLayout } from '../features/shell/PublicLayout/PublicLayout';
import { RootRoute } from './RootRoute';
import { ROUTES } from './routes';

type SignedInModule = typeof import('./signed-in');

/**
 * One dynamic import for the whole signed-in app: Vite makes it one chunk. The sign-in screen
 * is the only page in the first visit's script (issue #10: at most 120 KB gzip); the code
 * screen and not-found load when opened.
 */
function signedIn(name: keyof SignedInModule) {
  return lazy(async () => ({ default: (await import('./signed-in'))[name] as ComponentType }));
}

/** Starts loading the signed-in app (e.g. when a protected page is opened directly). */
export function preloadSignedIn(): void {
  void import('./signed-in');
}

const SignedInArea = signedIn('SignedInArea');
const PortalLayout = signedIn('PortalLayout');
const PortalLayoutWithSidebar = signedIn('PortalLayoutWithSidebar');
const DashboardPage = signedIn('DashboardPage');
const ContactsPage = signedIn('ContactsPage');
const FamilyTreePage = signedIn('FamilyTreePage');
const FriendsTreePage = signedIn('FriendsTreePage');
const ColleaguesPage = signedIn('ColleaguesPage');
const SettingsPage = signedIn('SettingsPage');
const ReceivedCapsulesPage = signedIn('ReceivedCapsulesPage');
const TermsPage = signedIn('TermsPage');
const AffiliatePage = signedIn('AffiliatePage');

const VerifyOtpPage = lazy(async () => ({
  default: (await import('../features/auth/verify-otp.page')).VerifyOtpPage,
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
            <SignedInArea />
          </Suspense>
        }
      >
        {/* Reachable before the terms are accepted, so without the sidebar's areas. */}
        <Route element={<PortalLayout />}>
          <Route path={ROUTES.terms} element={<TermsPage />} />
        </Route>
        <Route element={<PortalLayoutWithSidebar />}>
          <Route path={ROUTES.dashboard} element={<DashboardPage />} />
          <Route path={ROUTES.contacts} element={<ContactsPage />} />
          <Route path={ROUTES.familyTree} element={<FamilyTreePage />} />
          <Route path={ROUTES.friendsTree} element={<FriendsTreePage />} />
          <Route path={ROUTES.colleagues} element={<ColleaguesPage />} />
          <Route path={ROUTES.settings} element={<SettingsPage />} />
          <Route path={ROUTES.receivedCapsules} element={<ReceivedCapsulesPage />} />
          <Route path={ROUTES.affiliate} element={<AffiliatePage />} />
        </Route>
      </Route>
    </Routes>
  );
}
