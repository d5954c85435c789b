import { PageHeader } from '../../lib/ui/PageHeader/PageHeader';
import { ReceivedCapsules } from './ReceivedCapsules/ReceivedCapsules';

/** /received-capsules (spec section 2): the capsules others have left for the signed-in user. */
export function ReceivedCapsulesPage() {
  return (
    <>
      <PageHeader title="Received Capsules" description="Capsules that others have left for you." />
      <ReceivedCapsules />
    </>
  );
}
