import { CONTACT_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '../../../test/contact-fixtures';
import { signedIn } from '../../../test/fixtures';
import { preloadSignedInPages } from '../../../test/preload-signed-in';
import { renderApp } from '../../../test/render';
import { serverError } from '../../../test/trpc-mock';

beforeAll(preloadSignedInPages);

describe('Delete Contact', { timeout: 20_000 }, () => {
  it("enables the delete button only once 'delete' is typed, in any case", async () => {
    const ada = makeContact({ firstName: 'Ada', lastName: 'Lovelace' });
    let contacts = [ada];
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => contacts,
        'contacts.delete': (input) => {
          contacts = [];
          return input;
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog', { name: CONTACT_TEXTS.deleteDialogTitle }));
    const button = dialog.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    const confirmation = dialog.getByLabelText(CONTACT_TEXTS.deleteConfirmHint);

    expect(button.disabled).toBe(true);
    await user.type(confirmation, 'delet');
    expect(button.disabled).toBe(true);
    await user.type(confirmation, 'E');
    expect(button.disabled).toBe(false);
    await user.clear(confirmation);
    await user.type(confirmation, 'DELETE');
    expect(button.disabled).toBe(false);
    await user.type(confirmation, 'd');
    expect(button.disabled).toBe(true);
    await user.type(confirmation, '{Backspace}');

    await user.click(button);
    expect(await screen.findByText(CONTACT_TEXTS.deleted)).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.delete')?.input).toEqual({ id: ada.id });
    expect(await screen.findByText(CONTACT_TEXTS.empty)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts 'Failed to delete Contact' when the server refuses", async () => {
    const ada = makeContact({ firstName: 'Ada', lastName: 'Lovelace' });
    const { user } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => [ada],
        'contacts.delete': () => {
          throw serverError(404, 'Contact not found', 'NOT_FOUND');
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    const dialog = within(await screen.findByRole('dialog', { name: CONTACT_TEXTS.deleteDialogTitle }));
    await user.type(dialog.getByLabelText(CONTACT_TEXTS.deleteConfirmHint), 'Delete');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(CONTACT_TEXTS.deleteFailed)).toBeTruthy();
    expect(screen.getByText('Contact not found')).toBeTruthy();
  });
});
