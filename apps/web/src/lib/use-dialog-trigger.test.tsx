import { CONTACT_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardHandlers, makeCapsule, PAGE_LOAD, storedCapsule } from '../test/capsule-fixtures';
import { makeContact } from '../test/contact-fixtures';
import { findLoadedDialog } from '../test/dialogs';
import { signedIn } from '../test/fixtures';
import { preloadSignedInPages } from '../test/preload-signed-in';
import { makeReceived, receivedHandlers } from '../test/received-fixtures';
import { renderApp } from '../test/render';

// The focus goes back to what opened a dialog when it closes (use-dialog-trigger.ts), through
// the real dialog hosts: My Capsules, My Contacts and Received Capsules.

beforeAll(preloadSignedInPages);

type User = ReturnType<typeof renderApp>['user'];

async function closeWithEscape(user: User) {
  await findLoadedDialog();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const focused = () => document.activeElement;

describe('focus returns to what opened a dialog', { timeout: 20_000 }, () => {
  it("to a capsule card's button", async () => {
    const capsule = makeCapsule({ title: 'For someone', status: 'Pending_Recipient' });
    const { user } = renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers([capsule]) },
    });
    const card = await screen.findByRole('article', { name: 'For someone' }, PAGE_LOAD);
    const opener = within(card).getByRole('button', { name: 'For someone' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Assign Recipient' })).toBeTruthy();
    await closeWithEscape(user);

    await waitFor(() => expect(focused()).toBe(opener));
  });

  it("to a capsule card's options button, for a dialog chosen from its menu", async () => {
    const capsule = storedCapsule(1, { title: 'Stored one' });
    const { user } = renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers([capsule], { 'capsules.byId': () => capsule }) },
    });
    const card = await screen.findByRole('article', { name: 'Stored one' }, PAGE_LOAD);

    await user.click(within(card).getByRole('button', { name: 'Capsule options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lock Capsule' }));
    expect(await screen.findByRole('dialog', { name: 'Lock Capsule' })).toBeTruthy();
    await closeWithEscape(user);

    // The menu's own button (the card draws it once the menu is first used).
    await waitFor(() =>
      expect(focused()).toBe(within(card).getByRole('button', { name: 'Capsule options' })),
    );
  });

  it('to Add Contact, and to the contact card that opened Edit Contact', async () => {
    const ada = makeContact({ firstName: 'Ada', lastName: 'Lovelace' });
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [ada] },
    });
    const add = (
      await screen.findAllByRole('button', { name: CONTACT_TEXTS.addButton }, PAGE_LOAD)
    )[0] as HTMLElement;

    await user.click(add);
    await closeWithEscape(user);
    await waitFor(() => expect(focused()).toBe(add));

    const edit = screen.getByRole('button', { name: 'Edit Ada Lovelace' });
    await user.click(edit);
    await closeWithEscape(user);
    await waitFor(() => expect(focused()).toBe(edit));
  });

  it('to a contact of the same list when the deleted contact has gone', async () => {
    const ada = makeContact({ firstName: 'Ada', lastName: 'Lovelace' });
    const grace = makeContact({ firstName: 'Grace', lastName: 'Hopper' });
    let contacts = [ada, grace];
    const { user } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => contacts,
        'contacts.delete': (input) => {
          contacts = [grace];
          return input;
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }, PAGE_LOAD));
    const dialog = await findLoadedDialog(CONTACT_TEXTS.deleteDialogTitle);
    await user.type(within(dialog).getByRole('textbox'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).toBeNull());

    // Not lost to the page's body: on the list, where the contact was.
    await waitFor(() => expect(focused()?.closest('[data-testid="contact-card"]')).toBeTruthy());
  });

  it('to the card that opened Details, after Details led to Submit Documents', async () => {
    const capsule = makeReceived({ criteria: 'Premium_Verification' });
    const { user } = renderApp({
      route: '/received-capsules',
      handlers: { ...signedIn(), ...receivedHandlers([capsule]) },
    });
    const [card] = await screen.findAllByRole('article', {}, PAGE_LOAD);
    if (!card) throw new Error('no received capsule card');
    const details = within(card).getByRole('button', { name: 'View Details' });

    await user.click(details);
    const first = await findLoadedDialog();
    await user.click(within(first).getByRole('tab', { name: 'Video' }));
    await user.click(within(first).getByRole('button', { name: 'Submit Documents' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Milestone Documents' })).toBeTruthy();
    await closeWithEscape(user);

    await waitFor(() => expect(focused()).toBe(details));
  });
});
