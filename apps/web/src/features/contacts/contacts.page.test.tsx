import { CONTACT_TEXTS } from '@capsule/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeContact } from '../../test/contact-fixtures';
import { signedIn } from '../../test/fixtures';
import { preloadSignedInPages } from '../../test/preload-signed-in';
import { renderApp } from '../../test/render';
import { deferred } from '../../test/trpc-mock';
import type { Contact } from './contact-types';

beforeAll(preloadSignedInPages);

const people = [
  makeContact({ firstName: 'Ada', lastName: 'Lovelace', email: 'countess@analytical.org' }),
  makeContact({
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.mil',
    phone: '+1 202 555 0199',
    relationshipType: 'Colleague',
    relationshipDetails: 'Mentor',
    birthday: '1906-12-09',
  }),
  makeContact({
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@bletchley.uk',
    relationshipType: 'Friend',
  }),
];

const cardNames = () =>
  screen.queryAllByTestId('contact-card').map((card) => within(card).getAllByText(/\w/)[0]?.textContent);

describe('My Contacts', { timeout: 20_000 }, () => {
  it('shows skeletons while loading, then a card per contact with its details', async () => {
    const list = deferred<Contact[]>();
    renderApp({ route: '/contacts', handlers: { ...signedIn(), 'contacts.list': () => list.promise } });

    expect((await screen.findAllByTestId('contact-skeleton')).length).toBeGreaterThan(0);
    list.resolve(people);

    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryAllByTestId('contact-skeleton')).toHaveLength(0);
    const grace = screen.getByRole('button', { name: 'Edit Grace Hopper' });
    expect(within(grace).getByText('grace@navy.mil')).toBeTruthy();
    expect(within(grace).getByText('+1 202 555 0199')).toBeTruthy();
    expect(within(grace).getByText('Colleague')).toBeTruthy();
    expect(within(grace).getByText('Mentor')).toBeTruthy();
    expect(within(grace).getByText('Birthday: Dec 9, 1906')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Grace Hopper' })).toBeTruthy();
  });

  it('searches the name, either part of it or the e-mail, in any case', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => people },
    });
    await screen.findByText('Ada Lovelace');
    const search = screen.getByRole('searchbox', { name: 'Search contacts' });

    await user.type(search, 'HOPPER');
    expect(cardNames()).toEqual(['Grace Hopper']);

    await user.clear(search);
    await user.type(search, 'a lovelace');
    expect(cardNames()).toEqual(['Ada Lovelace']);

    await user.clear(search);
    await user.type(search, 'BLETCHLEY.uk');
    expect(cardNames()).toEqual(['Alan Turing']);

    await user.clear(search);
    await user.type(search, 'a');
    expect(cardNames()).toHaveLength(3);

    await user.type(search, 'zzz');
    expect(cardNames()).toHaveLength(0);
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.queryByText(CONTACT_TEXTS.empty)).toBeNull();
  });

  it('invites the user to add a first contact when there is none', async () => {
    const { user } = renderApp({
      route: '/contacts',
      handlers: { ...signedIn(), 'contacts.list': () => [] },
    });

    expect(await screen.findByText(CONTACT_TEXTS.empty)).toBeTruthy();
    const addButtons = screen.getAllByRole('button', { name: CONTACT_TEXTS.addButton });
    await user.click(addButtons.at(-1)!);
    expect(await screen.findByRole('dialog', { name: CONTACT_TEXTS.addDialogTitle })).toBeTruthy();
  });

  it('links to the three network pages', async () => {
    renderApp({ route: '/contacts', handlers: { ...signedIn(), 'contacts.list': () => [] } });

    const nav = await screen.findByRole('navigation', { name: 'Your networks' });
    expect(within(nav).getByRole('link', { name: 'Family Tree' }).getAttribute('href')).toBe('/family-tree');
    expect(within(nav).getByRole('link', { name: 'Friends Network' }).getAttribute('href')).toBe(
      '/friends-tree',
    );
    expect(within(nav).getByRole('link', { name: 'Professional Network' }).getAttribute('href')).toBe(
      '/colleagues',
    );
  });
});
