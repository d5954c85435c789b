import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/login.page';
import { ProtectedRoute } from '../features/auth/ProtectedRoute/ProtectedRoute';
import { VerifyOtpPage } from '../features/auth/verify-otp.page';
import { NotFoundPage } from '../features/not-found/not-found.page';
import { PortalLayout } from '../features/shell/PortalLayout/PortalLayout';
import { RootRoute } from './RootRoute';
import { ROUTES } from './routes';

type SignedInModule = typeof import('./signed-in');

/** One dynamic import for the whole signed-in app: Vite makes it one chunk. */
function signedIn(name: keyof SignedInModule) {
  return lazy(async () => ({ default: (await import('./signed-in'))[name] as ComponentType }));
}

const DashboardPage = signedIn('DashboardPage');
const ContactsPage = signedIn('ContactsPage');
const FamilyTreePage = signedIn('FamilyTreePage');
const FriendsTreePage = signedIn('FriendsTreePage');
const ColleaguesPage = signedIn('ColleaguesPage');
const SettingsPage = signedIn('SettingsPage');
const ReceivedCapsulesPage = signedIn('ReceivedCapsulesPage');
const TermsPage = signedIn('TermsPage');

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PortalLayout />}>
        <Route path={ROUTES.root} element={<RootRoute />} />
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.auth} element={<LoginPage />} />
        <Route path={ROUTES.verifyOtp} element={<VerifyOtpPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route element={<ProtectedRoute />}>
        {/* Reachable before the terms are accepted, so without the sidebar's areas. */}
        <Route element={<PortalLayout />}>
          <Route path={ROUTES.terms} element={<TermsPage />} />
        </Route>
        <Route element={<PortalLayout withSidebar />}>
          <Route path={ROUTES.dashboard} element={<DashboardPage />} />
          <Route path={ROUTES.contacts} element={<ContactsPage />} />
          <Route path={ROUTES.familyTree} element={<FamilyTreePage />} />
          <Route path={ROUTES.friendsTree} element={<FriendsTreePage />} />
          <Route path={ROUTES.colleagues} element={<ColleaguesPage />} />
          <Route path={ROUTES.settings} element={<SettingsPage />} />
          <Route path={ROUTES.receivedCapsules} element={<ReceivedCapsulesPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
