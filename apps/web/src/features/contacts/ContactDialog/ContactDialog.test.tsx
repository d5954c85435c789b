import { CONTACT_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '../../../test/contact-fixtures';
import { findLoadedDialog } from '../../../test/dialogs';
import { signedIn } from '../../../test/fixtures';
import { preloadSignedInPages } from '../../../test/preload-signed-in';
import { renderApp } from '../../../test/render';
import { networkError, serverError } from '../../../test/trpc-mock';
import { CONTACT_SCREEN_TEXTS } from '../contact-screen-texts';

beforeAll(preloadSignedInPages);

function dialog() {
  return screen.getByRole('dialog');
}

async function openAddDialog(user: UserEvent) {
  await user.click((await screen.findAllByRole('button', { name: CONTACT_TEXTS.addButton }))[0]!);
  return within(await findLoadedDialog(CONTACT_TEXTS.addDialogTitle));
}

/** Picks an option of a Mantine Select by its label. */
async function choose(user: UserEvent, label: string, option: string) {
  await user.click(within(dialog()).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillRequired(user: UserEvent) {
  const form = within(dialog());
  await user.type(form.getByLabelText(/^First name/), 'Grace');
  await user.type(form.getByLabelText(/^Last name/), 'Hopper');
  await user.type(form.getByLabelText(/^Email/), 'grace@example.com');
  await choose(user, 'Relationship type', 'Friend');
  await choose(user, 'Relationship details', 'Best-Friend');
}

const submitButton = () => within(dialog()).getByRole('button', { name: 'Add Contact' }) as HTMLButtonElement;

// Typing through Mantine's inputs and selects with user-event takes seconds on a small
// machine running the suite in parallel: these tests get 20 s rather than 5.
describe('Add New Contact', { timeout: 20_000 }, () => {
  it('keeps the submit disabled with the hint until the five required fields are filled', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    const form = await openAddDialog(user);

    expect(submitButton().disabled).toBe(true);
    expect(form.getByText(CONTACT_TEXTS.incompleteHint)).toBeTruthy();

    await user.type(form.getByLabelText(/^First name/), 'Grace');
    await user.type(form.getByLabelText(/^Last name/), 'Hopper');
    await user.type(form.getByLabelText(/^Email/), 'grace@example.com');
    await choose(user, 'Relationship type', 'Friend');
    expect(submitButton().disabled).toBe(true);
    expect(form.getByText(CONTACT_TEXTS.incompleteHint)).toBeTruthy();

    await choose(user, 'Relationship details', 'Best-Friend');
    expect(submitButton().disabled).toBe(false);
    expect(form.queryByText(CONTACT_TEXTS.incompleteHint)).toBeNull();
  });

  it('offers the details of the chosen type and clears them when the type changes', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    const form = await openAddDialog(user);
    const details = () => form.getByRole('combobox', { name: 'Relationship details' }) as HTMLInputElement;

    expect(details().disabled).toBe(true);
    await choose(user, 'Relationship type', 'Family');
    await user.click(details());
    expect(await screen.findByRole('option', { name: 'Grandparent' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Best-Friend' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Grandparent' }));
    expect(details().value).toBe('Grandparent');

    await choose(user, 'Relationship type', 'Colleague');
    expect(details().value).toBe('');
    await user.click(details());
    expect(await screen.findByRole('option', { name: 'Mentor' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Grandparent' })).toBeNull();
  });

  it('checks the fields as they change, with the spec texts under them', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    const form = await openAddDialog(user);

    await user.type(form.getByLabelText(/^Email/), 'grace');
    expect(await form.findByText(CONTACT_TEXTS.invalidEmail)).toBeTruthy();
    await user.type(form.getByLabelText(/^Email/), '@example.com');
    await waitFor(() => expect(form.queryByText(CONTACT_TEXTS.invalidEmail)).toBeNull());

    await user.type(form.getByLabelText(/^Phone/), '12ab');
    expect(await form.findByText(CONTACT_TEXTS.invalidPhone)).toBeTruthy();

    const first = form.getByLabelText(/^First name/);
    await user.type(first, 'G');
    await user.clear(first);
    expect(await form.findByText(CONTACT_TEXTS.firstNameRequired)).toBeTruthy();
  });

  it("adds the contact, toasts 'Contact added successfully' and reloads the list", async () => {
    let contacts = [makeContact({ firstName: 'Ada', lastName: 'Lovelace' })];
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => contacts,
        'contacts.create': (input) => {
          const created = makeContact({ firstName: 'Grace', lastName: 'Hopper', ...(input as object) });
          contacts = [...contacts, created];
          return created;
        },
      },
    });
    await screen.findByText('Ada Lovelace');
    await openAddDialog(user);
    await fillRequired(user);
    await user.type(within(dialog()).getByLabelText(/^Phone/), '+1 (613) 555-0100');
    await user.click(submitButton());

    expect(await screen.findByText(CONTACT_TEXTS.added)).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.create')?.input).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '+1 (613) 555-0100',
      relationshipType: 'Friend',
      relationshipDetails: 'Best-Friend',
      birthday: null,
    });
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the server's field errors under their fields and toasts 'Failed to add contact'", async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => [],
        'contacts.create': () => {
          const error = serverError(400, CONTACT_TEXTS.invalidEmail);
          (error.data as Record<string, unknown>).fieldErrors = { email: CONTACT_TEXTS.invalidEmail };
          throw error;
        },
      },
    });
    await openAddDialog(user);
    await fillRequired(user);
    await user.click(submitButton());

    expect(await screen.findByText(CONTACT_TEXTS.addFailed)).toBeTruthy();
    const email = within(dialog()).getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(CONTACT_TEXTS.invalidEmail)).toBeTruthy();
  });

  it("says 'An unknown error occurred' when the server cannot be reached", async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => [],
        'contacts.create': () => {
          throw networkError();
        },
      },
    });
    await openAddDialog(user);
    await fillRequired(user);
    await user.click(submitButton());

    expect(await screen.findByText(CONTACT_TEXTS.addFailed)).toBeTruthy();
    expect(screen.getByText(CONTACT_TEXTS.unknownError)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('Edit Contact', { timeout: 20_000 }, () => {
  it("opens filled from the card and saves with 'Contact edited successfully'", async () => {
    const ada = makeContact({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '1234567',
      relationshipType: 'Family',
      relationshipDetails: 'Cousin',
      birthday: '1990-12-10',
    });
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => [ada],
        'contacts.update': (input) => ({ ...ada, ...(input as { contact: object }).contact }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const form = within(await findLoadedDialog(CONTACT_TEXTS.editDialogTitle));
    expect((form.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ada');
    expect((form.getByRole('combobox', { name: 'Relationship details' }) as HTMLInputElement).value).toBe(
      'Cousin',
    );
    expect((form.getByLabelText(/^Birthday/) as HTMLInputElement).value).toBe('1990-12-10');

    const last = form.getByLabelText(/^Last name/);
    await user.clear(last);
    await user.type(last, 'King');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(CONTACT_TEXTS.edited)).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.update')?.input).toEqual({
      id: ada.id,
      contact: {
        firstName: 'Ada',
        lastName: 'King',
        email: ada.email,
        phone: '1234567',
        relationshipType: 'Family',
        relationshipDetails: 'Cousin',
        birthday: '1990-12-10',
      },
    });
  });
});

describe('Add and Edit Contact, what a new user meets', { timeout: 20_000 }, () => {
  it('warns about another contact with the same e-mail, and still lets the user add it', async () => {
    const grace = makeContact({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: {
        ...signedIn(),
        'contacts.list': () => [grace],
        'contacts.create': (input) => makeContact({ ...(input as object) }),
      },
    });
    await screen.findByText('Grace Hopper');
    const form = await openAddDialog(user);
    await user.type(form.getByLabelText(/^First name/), 'Grace');
    await user.type(form.getByLabelText(/^Last name/), 'Murray');
    await user.type(form.getByLabelText(/^Email/), 'GRACE@example.co');
    expect(form.queryByTestId('duplicate-email-notice')).toBeNull();
    await user.type(form.getByLabelText(/^Email/), 'm');

    const notice = await form.findByTestId('duplicate-email-notice');
    expect(notice.textContent).toContain(CONTACT_SCREEN_TEXTS.duplicateEmail('Grace Hopper'));
    await choose(user, 'Relationship type', 'Family');
    await choose(user, 'Relationship details', 'Cousin');
    await user.click(submitButton());

    expect(await screen.findByText(CONTACT_TEXTS.added)).toBeTruthy();
    expect(calls.filter((call) => call.path === 'contacts.create')).toHaveLength(1);
  });

  it('does not warn about the edited contact’s own e-mail', async () => {
    const grace = makeContact({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [grace] },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    const form = within(await findLoadedDialog(CONTACT_TEXTS.editDialogTitle));
    expect((form.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('grace@example.com');
    expect(form.queryByTestId('duplicate-email-notice')).toBeNull();
  });

  it.each([
    ['1850-03-16', CONTACT_TEXTS.birthdayTooEarly],
    [`${new Date().getFullYear() + 1}-01-01`, CONTACT_TEXTS.birthdayInFuture],
  ])('keeps a typed birthday %s and says why it cannot be saved', async (typed, message) => {
    const { user, calls } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    const form = await openAddDialog(user);
    await fillRequired(user);
    const birthday = form.getByLabelText(/^Birthday/) as HTMLInputElement;
    await user.type(birthday, typed);

    expect(await form.findByText(message)).toBeTruthy();
    await user.tab();
    expect(birthday.value).toBe(typed);
    await user.click(submitButton());
    expect(calls.some((call) => call.path === 'contacts.create')).toBe(false);
    expect(form.getByText(message)).toBeTruthy();
  });

  it('closes only the birthday picker on Escape, keeping the dialog and what was typed', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });
    const form = await openAddDialog(user);
    await user.type(form.getByLabelText(/^First name/), 'Grace');
    await user.click(form.getByLabelText(/^Birthday/));
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).not.toBeNull());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).toBeNull());
    expect(screen.getByRole('dialog', { name: CONTACT_TEXTS.addDialogTitle })).toBeTruthy();
    expect((form.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Grace');

    // With the picker closed, Escape closes the dialog as before.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
