import { CONTACT_TEXTS, GROUP_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '../../../test/contact-fixtures';
import { findLoadedDialog } from '../../../test/dialogs';
import { signedIn } from '../../../test/fixtures';
import { preloadSignedInPages } from '../../../test/preload-signed-in';
import { renderApp } from '../../../test/render';
import { serverError } from '../../../test/trpc-mock';

const contacts = [
  makeContact({
    firstName: 'Mary',
    lastName: 'Somerville',
    relationshipType: 'Family',
    relationshipDetails: 'Parent',
  }),
  makeContact({
    firstName: 'Ann',
    lastName: 'Byron',
    relationshipType: 'Family',
    relationshipDetails: 'Cousin',
  }),
  makeContact({
    firstName: 'Ben',
    lastName: 'Byron',
    relationshipType: 'Family',
    relationshipDetails: 'Cousin',
  }),
  makeContact({
    firstName: 'Sue',
    lastName: 'King',
    relationshipType: 'Family',
    relationshipDetails: 'Spouse',
  }),
  makeContact({
    firstName: 'Tim',
    lastName: 'Berners',
    relationshipType: 'Friend',
    relationshipDetails: 'Neighbor',
  }),
  makeContact({
    firstName: 'Grace',
    lastName: 'Hopper',
    relationshipType: 'Colleague',
    relationshipDetails: 'Mentor',
  }),
  makeContact({
    firstName: 'Alan',
    lastName: 'Kay',
    relationshipType: 'Colleague',
    relationshipDetails: 'Client',
  }),
];

beforeAll(preloadSignedInPages);

const handlers = (extra: Record<string, (input: unknown) => unknown> = {}) => ({
  ...signedIn(),
  'contacts.list': () => contacts,
  'contacts.groups.list': () => [],
  ...extra,
});

const cardNames = () =>
  screen
    .queryAllByTestId('contact-card')
    .map((card) => within(card).getAllByRole('button')[0]?.getAttribute('aria-label')?.replace('Edit ', ''));

const location = () => screen.getByTestId('location').textContent;

describe('Family Tree', { timeout: 20_000 }, () => {
  it('shows the family cards, a tab per detail with its count, and filters by tab', async () => {
    const { user } = renderApp({ route: '/family-tree', handlers: handlers() });

    expect(await screen.findByRole('heading', { name: 'Family Tree', level: 1 })).toBeTruthy();
    await screen.findByText('Mary Somerville');
    expect(cardNames().sort()).toEqual(['Ann Byron', 'Ben Byron', 'Mary Somerville', 'Sue King']);

    const tabs = within(screen.getByRole('tablist', { name: 'Relationship details' }));
    expect(tabs.getAllByRole('tab')).toHaveLength(13); // All + the 12 Family details
    expect(tabs.getByRole('tab', { name: /^All/ }).textContent).toBe('All4');
    expect(tabs.getByRole('tab', { name: /^Cousin/ }).textContent).toBe('Cousin2');
    expect(tabs.getByRole('tab', { name: /^Grandparent/ }).textContent).toBe('Grandparent0');

    await user.click(tabs.getByRole('tab', { name: /^Cousin/ }));
    expect(cardNames()).toEqual(['Ann Byron', 'Ben Byron']);
    expect(location()).toBe('/family-tree?detail=Cousin');

    await user.click(tabs.getByRole('tab', { name: /^Grandparent/ }));
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('No contacts with the relationship Grandparent yet.')).toBeTruthy();
  });

  it('summarises the top 3 details of each type', async () => {
    renderApp({ route: '/family-tree', handlers: handlers() });
    await screen.findByText('Mary Somerville');

    const family = within(screen.getByTestId('summary-Family'));
    expect(family.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '● Cousin2',
      '● Parent1',
      '● Spouse1',
    ]);
    const colleagues = within(screen.getByTestId('summary-Colleague'));
    expect(colleagues.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '● Mentor1',
      '● Client1',
    ]);
    expect(within(screen.getByTestId('summary-Other')).getByText('No contacts yet')).toBeTruthy();
  });

  it('switches between Cards, Relationship Map and Groups, keeping the view in the address', async () => {
    const { user } = renderApp({ route: '/family-tree', handlers: handlers() });
    await screen.findByText('Mary Somerville');

    await user.click(screen.getByRole('radio', { name: 'Relationship Map' }));
    expect(location()).toBe('/family-tree?view=map');
    expect(await screen.findByRole('region', { name: 'Relationship map' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryAllByTestId('contact-card')).toHaveLength(0);
    const legend = within(screen.getByLabelText('Map legend'));
    expect(legend.getByText('Parent · 1')).toBeTruthy();
    expect(legend.getByText('Cousin · 2')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Groups' }));
    expect(location()).toBe('/family-tree?view=groups');
    expect(await screen.findByText('No groups yet.')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(location()).toBe('/family-tree');
    expect(await screen.findByText('Mary Somerville')).toBeTruthy();
  });

  it("opens the contact dialog with the type preset from 'Add Family Member'", async () => {
    const { user } = renderApp({ route: '/family-tree', handlers: handlers() });
    await screen.findByText('Mary Somerville');

    await user.click(screen.getByRole('button', { name: 'Add Family Member' }));
    const dialog = within(await findLoadedDialog(CONTACT_TEXTS.addDialogTitle));
    expect((dialog.getByRole('combobox', { name: 'Relationship type' }) as HTMLInputElement).value).toBe(
      'Family',
    );
    await user.click(dialog.getByRole('combobox', { name: 'Relationship details' }));
    expect(await screen.findByRole('option', { name: 'Niece-Nephew' })).toBeTruthy();
  });
});

describe('Friends Network', { timeout: 20_000 }, () => {
  it("opens on the view named by the address, with 'Add Friend'", async () => {
    renderApp({ route: '/friends-tree?view=map', handlers: handlers() });

    expect(await screen.findByRole('heading', { name: 'Friends Network', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Relationship map' }, { timeout: 5000 })).toBeTruthy();
    expect(within(screen.getByLabelText('Map legend')).getByText('Neighbor · 1')).toBeTruthy();
  });
});

describe('Professional Network', { timeout: 20_000 }, () => {
  it("shows colleague cards only, tabbed by detail, with 'Add Colleague' and no other view", async () => {
    renderApp({ route: '/colleagues?view=map', handlers: handlers() });

    expect(await screen.findByRole('heading', { name: 'Professional Network', level: 1 })).toBeTruthy();
    await screen.findByText('Grace Hopper');
    expect(cardNames().sort()).toEqual(['Alan Kay', 'Grace Hopper']);
    expect(screen.getByRole('button', { name: 'Add Colleague' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Relationship Map' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Relationship map' })).toBeNull();
    const tabs = within(screen.getByRole('tablist', { name: 'Relationship details' }));
    expect(tabs.getAllByRole('tab')).toHaveLength(10); // All + the 9 Colleague details
  });
});

describe('Groups', { timeout: 20_000 }, () => {
  const family = contacts.filter((c) => c.relationshipType === 'Family');
  const cousins = { id: '11111111-1111-4111-8111-111111111111', name: 'Cousins', relationshipType: 'Family' };

  it('lists the groups with their members and removes a member', async () => {
    const group = {
      ...cousins,
      memberIds: [family[1]!.id, family[2]!.id],
      createdAt: '2026-01-01T00:00:00Z',
    };
    const { user, calls } = renderApp({
      route: '/family-tree?view=groups',
      handlers: handlers({
        'contacts.groups.list': () => [group],
        'contacts.groups.removeMember': () => ({ ...group, memberIds: [family[2]!.id] }),
      }),
    });

    const card = within(await screen.findByRole('article', { name: 'Cousins' }));
    expect(card.getByText('2 members')).toBeTruthy();
    expect(card.getByText('Ann Byron')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Remove Ann Byron from Cousins' }));
    expect(await screen.findByText('Member removed')).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.groups.removeMember')?.input).toEqual({
      groupId: cousins.id,
      contactId: family[1]!.id,
    });
  });

  it("creates a group with members of the page's type through 'Create New Group'", async () => {
    let groups: unknown[] = [];
    const { user, calls } = renderApp({
      route: '/family-tree?view=groups',
      handlers: handlers({
        'contacts.groups.list': () => groups,
        'contacts.groups.create': (input) => {
          const created = { ...cousins, ...(input as object), memberIds: [family[1]!.id], createdAt: '' };
          groups = [created];
          return created;
        },
      }),
    });

    await user.click(await screen.findByRole('button', { name: GROUP_TEXTS.createDialogTitle }));
    const dialog = within(await screen.findByRole('dialog', { name: GROUP_TEXTS.createDialogTitle }));
    await user.click(dialog.getByRole('button', { name: 'Create Group' }));
    expect(await dialog.findByText(GROUP_TEXTS.nameRequired)).toBeTruthy();

    await user.type(dialog.getByLabelText(/^Group name/), '  Cousins ');
    await user.click(dialog.getByRole('combobox', { name: 'Members' }));
    // Only family members are offered.
    expect(screen.queryByRole('option', { name: /Grace Hopper/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Ann Byron (Cousin)' }));
    await user.click(dialog.getByRole('button', { name: 'Create Group' }));

    expect(await screen.findByText('Group created')).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.groups.create')?.input).toEqual({
      name: 'Cousins',
      relationshipType: 'Family',
      contactIds: [family[1]!.id],
    });
    expect(await screen.findByRole('article', { name: 'Cousins' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
  it('renames a group, says a taken name under the field, and deletes a group', async () => {
    const group = { ...cousins, memberIds: [], createdAt: '2026-01-01T00:00:00Z' };
    const { user, calls } = renderApp({
      route: '/family-tree?view=groups',
      handlers: handlers({
        'contacts.groups.list': () => [group],
        'contacts.groups.rename': (input) => {
          if ((input as { name: string }).name === 'Taken') {
            throw serverError(409, 'You already have a group with this name.', 'CONFLICT');
          }
          return { ...group, ...(input as object) };
        },
        'contacts.groups.delete': (input) => input,
      }),
    });

    const card = within(await screen.findByRole('article', { name: 'Cousins' }));
    expect(card.getByText('No members yet.')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Actions for the group Cousins' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename Group' }));
    const name = dialog.getByLabelText(/^Group name/);
    expect((name as HTMLInputElement).value).toBe('Cousins');
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Failed to rename group')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.clear(name);
    await user.type(name, 'The cousins');
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Group renamed')).toBeTruthy();
    expect(calls.filter((call) => call.path === 'contacts.groups.rename').at(-1)?.input).toEqual({
      id: cousins.id,
      name: 'The cousins',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(card.getByRole('button', { name: 'Actions for the group Cousins' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete group' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Group' }));
    await user.click(confirm.getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('Group deleted')).toBeTruthy();
    expect(calls.find((call) => call.path === 'contacts.groups.delete')?.input).toEqual({ id: cousins.id });
  });
});
