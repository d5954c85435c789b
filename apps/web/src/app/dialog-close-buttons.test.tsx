import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CapsuleDialogs } from '../features/capsules/CapsuleDialogs/CapsuleDialogs';
import type { CapsuleDialogKind } from '../features/capsules/CapsuleDialogs/dialog-state';
import { ContactDialog } from '../features/contacts/ContactDialog/ContactDialog';
import { DeleteContactDialog } from '../features/contacts/DeleteContactDialog/DeleteContactDialog';
import {
  AddMembersDialog,
  DeleteGroupDialog,
  GroupFormDialog,
} from '../features/networks/GroupsView/group-dialogs';
import { ReceivedDetailsDialog } from '../features/received/ReceivedDetailsDialog/ReceivedDetailsDialog';
import { VerifyDocumentsDialog } from '../features/received/VerifyDocumentsDialog/VerifyDocumentsDialog';
import { MobileNav } from '../features/shell/MobileNav/MobileNav';
import { LoadingDialog } from '../lib/ui/LoadingDialog/LoadingDialog';
import { dashboardHandlers, makeCapsule, storedCapsule } from '../test/capsule-fixtures';
import { makeContact } from '../test/contact-fixtures';
import { findLoadedDialog } from '../test/dialogs';
import { signedIn } from '../test/fixtures';
import { preloadSignedInPages } from '../test/preload-signed-in';
import { makeReceived, receivedHandlers } from '../test/received-fixtures';
import { render } from '../test/render';
import type { Handlers } from '../test/trpc-mock';
import { DIALOG_CLOSE_LABEL } from './theme';

beforeAll(preloadSignedInPages);

const noop = () => undefined;

/** The one dialog on screen, loaded, has a close button a screen reader can name. */
async function expectNamedCloseButton(ui: ReactElement, handlers: Handlers = {}) {
  const { unmount } = render(ui, {
    route: '/dashboard',
    handlers: {
      ...signedIn(),
      ...dashboardHandlers([]),
      ...receivedHandlers([]),
      'contacts.list': () => [],
      ...handlers,
    },
  });
  const name = DIALOG_CLOSE_LABEL;
  const dialog = await findLoadedDialog();
  const close = within(dialog).getByRole('button', { name });
  // The name is the button's own label, not text found inside an unlabelled icon.
  expect(close.getAttribute('aria-label')).toBe(name);
  unmount();
}

const CAPSULE_DIALOGS: Array<[CapsuleDialogKind, ReturnType<typeof makeCapsule>]> = [
  ['assignRecipient', makeCapsule({ status: 'Pending_Recipient' })],
  ['upload', makeCapsule({ status: 'Pending_Upload', recipientName: 'Alan Turing' })],
  ['reupload', storedCapsule(1)],
  ['preview', storedCapsule(1)],
  ['setInfo', storedCapsule(1)],
  ['details', storedCapsule(1)],
  ['lock', storedCapsule(1)],
  ['deleteVideo', storedCapsule(1)],
  ['recover', makeCapsule({ status: 'To_Delete' })],
];

describe("every dialog's close button has an accessible name", { timeout: 20_000 }, () => {
  it.each(CAPSULE_DIALOGS)('the capsule dialog %s', async (kind, capsule) => {
    await expectNamedCloseButton(<CapsuleDialogs dialog={{ kind, capsule }} onClose={noop} />, {
      'capsules.byId': () => capsule,
    });
  });

  it('a dialog still loading its code', async () => {
    render(<LoadingDialog title="Upload Video" onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload Video' });
    expect(within(dialog).getByRole('button', { name: DIALOG_CLOSE_LABEL })).toBeTruthy();
  });

  it('Add New Contact, Edit Contact and Delete Contact', async () => {
    const contact = makeContact();
    await expectNamedCloseButton(<ContactDialog opened onClose={noop} />);
    await expectNamedCloseButton(<ContactDialog opened onClose={noop} contact={contact} />);
    await expectNamedCloseButton(<DeleteContactDialog opened onClose={noop} contact={contact} />);
  });

  it('the group dialogs of the network pages', async () => {
    const group = { id: 'g1', name: 'Cousins', relationshipType: 'Family', members: [] } as never;
    await expectNamedCloseButton(
      <GroupFormDialog mode="create" type="Family" opened onClose={noop} onSubmit={noop} pending={false} />,
    );
    await expectNamedCloseButton(
      <AddMembersDialog
        opened
        onClose={noop}
        group={group}
        candidates={[]}
        onSubmit={noop}
        pending={false}
      />,
    );
    await expectNamedCloseButton(
      <DeleteGroupDialog opened onClose={noop} group={group} onConfirm={noop} pending={false} />,
    );
  });

  it("the recipient's Details and Verify Milestone Documents", async () => {
    const capsule = makeReceived({ criteria: 'Premium_Verification' });
    await expectNamedCloseButton(
      <ReceivedDetailsDialog
        capsule={capsule}
        initialTab="details"
        onClose={noop}
        onSubmitDocuments={noop}
      />,
      receivedHandlers([capsule]),
    );
    await expectNamedCloseButton(
      <VerifyDocumentsDialog capsule={capsule} onClose={noop} />,
      receivedHandlers([capsule]),
    );
  });

  it('the phone menu', async () => {
    render(<MobileNav opened onClose={noop} />, { handlers: signedIn() });
    // Drawn from 768 px down only: happy-dom's window is wider, so the drawer counts as hidden.
    const drawer = await screen.findByRole('dialog', { hidden: true });
    const close = within(drawer).getByRole('button', { name: 'Close navigation', hidden: true });
    expect(close.getAttribute('aria-label')).toBe('Close navigation');
  });
});
