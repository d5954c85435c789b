import { PageHeader } from '../shell/PageHeader/PageHeader';

/** /contacts. The contact list arrives with the contacts issue. */
export function ContactsPage() {
  return <PageHeader title="My Contacts" description="The people your capsules can be sent to." />;
}
