import { PageHeader } from '../../lib/ui/PageHeader/PageHeader';
import { SettingsTabs } from './SettingsTabs/SettingsTabs';

/** /settings (spec section 2, 'Account Settings page'). */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Account Settings" description="Manage your profile and how you sign in." />
      <SettingsTabs />
    </>
  );
}
