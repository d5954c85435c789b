import { CONTACT_TEXTS } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// My Contacts in a real Chromium against the built portal: add a contact through the dialog
// (the disabled submit and its hint first), edit it, find it by search, delete it by typing
// DELETE in capitals; at 1280 px and at 375 px wide.
describe('My Contacts in Chromium', () => {
  const suite = browserSuite();

  const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('adds a contact through the dialog, edits it, finds it by search and deletes it', async () => {
    const { page, userId } = await suite.signedInPage('Ada Lovelace');
    // Someone else already in the book, so the search has something to leave out.
    await suite.portal.seed.contacts(userId, [
      {
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@bletchley.example',
        relationshipType: 'Colleague',
        relationshipDetails: 'Mentor',
      },
    ]);

    await page.goto(`${suite.portal.baseUrl}/contacts`);
    await expect.poll(() => page.getByRole('heading', { name: 'My Contacts' }).isVisible()).toBe(true);
    await expect.poll(visible(page, 'Alan Turing')).toBe(true);

    // Add New Contact: the submit waits for the five required fields, with the hint.
    await page.getByRole('button', { name: CONTACT_TEXTS.addButton }).first().click();
    const dialog = page.getByRole('dialog', { name: CONTACT_TEXTS.addDialogTitle });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Add Contact' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByText(CONTACT_TEXTS.incompleteHint).isVisible()).toBe(true);
    await suite.shot(page, 'contacts-01-add-dialog-empty');

    // A bad e-mail is reported as it is typed.
    await dialog.getByLabel(/^First name/).fill('Grace');
    await dialog.getByLabel(/^Last name/).fill('Hopper');
    await dialog.getByLabel(/^Email/).fill('grace@');
    await expect.poll(() => dialog.getByText(CONTACT_TEXTS.invalidEmail).isVisible()).toBe(true);
    await dialog.getByLabel(/^Email/).fill('grace@navy.example');
    await expect.poll(() => dialog.getByText(CONTACT_TEXTS.invalidEmail).count()).toBe(0);
    await dialog.getByLabel(/^Phone/).fill('+1 (202) 555-0199');
    await choose(page, 'Relationship type', 'Friend');
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByText(CONTACT_TEXTS.incompleteHint).isVisible()).toBe(true);
    await choose(page, 'Relationship details', 'Best-Friend');
    await dialog.getByLabel(/^Birthday/).fill('1906-12-09');
    await dialog.getByLabel(/^Birthday/).press('Tab');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await dialog.getByText(CONTACT_TEXTS.incompleteHint).count()).toBe(0);
    await suite.shot(page, 'contacts-02-add-dialog-complete');

    await submit.click();
    await expect.poll(visible(page, CONTACT_TEXTS.added)).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Edit Grace Hopper' }).isVisible()).toBe(true);
    const contactsNow = () => suite.portal.read.contacts(userId);
    const stored = (await contactsNow()).find((contact) => contact.firstName === 'Grace');
    if (!stored) throw new Error('Grace was not saved');
    expect(stored).toMatchObject({
      email: 'grace@navy.example',
      phone: '+1 (202) 555-0199',
      relationshipType: 'Friend',
      relationshipDetails: 'Best-Friend',
      birthday: '1906-12-09',
    });
    await suite.shot(page, 'contacts-03-added');

    // Edit Contact: the card opens the filled form.
    await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    const edit = page.getByRole('dialog', { name: CONTACT_TEXTS.editDialogTitle });
    await edit.waitFor();
    expect(await edit.getByLabel(/^Email/).inputValue()).toBe('grace@navy.example');
    await edit.getByLabel(/^Last name/).fill('Hopper Murray');
    await choose(page, 'Relationship type', 'Colleague');
    // A new type clears the details: the submit waits again.
    expect(await edit.getByRole('combobox', { name: 'Relationship details' }).inputValue()).toBe('');
    expect(await edit.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await choose(page, 'Relationship details', 'Manager');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(visible(page, CONTACT_TEXTS.edited)).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Edit Grace Hopper Murray' }).isVisible())
      .toBe(true);
    expect((await contactsNow()).find((contact) => contact.id === stored.id)).toMatchObject({
      lastName: 'Hopper Murray',
      relationshipType: 'Colleague',
      relationshipDetails: 'Manager',
    });

    // Search: part of the name, any case; then the e-mail; then nothing.
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('HOPPER m');
    await expect.poll(() => page.getByTestId('contact-card').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Edit Grace Hopper Murray' }).isVisible()).toBe(true);
    await suite.shot(page, 'contacts-04-search');
    await search.fill('bletchley');
    await expect.poll(() => page.getByRole('button', { name: 'Edit Alan Turing' }).isVisible()).toBe(true);
    expect(await page.getByTestId('contact-card').count()).toBe(1);
    await search.fill('nobody at all');
    await expect.poll(visible(page, 'No results found')).toBe(true);
    await search.fill('');
    await expect.poll(() => page.getByTestId('contact-card').count()).toBe(2);

    // Delete Contact: DELETE in capitals enables the button.
    await page.getByRole('button', { name: 'Delete Grace Hopper Murray' }).click();
    const remove = page.getByRole('dialog', { name: CONTACT_TEXTS.deleteDialogTitle });
    await remove.waitFor();
    const confirm = remove.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await remove.getByLabel(CONTACT_TEXTS.deleteConfirmHint).fill('DELETE');
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await suite.shot(page, 'contacts-05-delete-dialog');
    await confirm.click();
    await expect.poll(visible(page, CONTACT_TEXTS.deleted)).toBe(true);
    await expect.poll(() => page.getByTestId('contact-card').count()).toBe(1);
    expect((await contactsNow()).some((contact) => contact.id === stored.id)).toBe(false);

    // The last one goes too: the empty state.
    await page.getByRole('button', { name: 'Delete Alan Turing' }).click();
    await remove.getByLabel(CONTACT_TEXTS.deleteConfirmHint).fill('delete');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(visible(page, CONTACT_TEXTS.empty)).toBe(true);
    await suite.shot(page, 'contacts-06-empty');
    await page.close();
  });

  it('reads well on a phone, 375 px wide', async () => {
    const { page, userId } = await suite.signedInPage('Mary Somerville');
    await suite.portal.seed.contacts(userId, [
      {
        firstName: 'Charles',
        lastName: 'Babbage',
        email: 'charles.babbage@difference-engine.example',
        phone: '+44 20 7946 0958',
        relationshipType: 'Colleague',
        relationshipDetails: 'Business-Partner',
        birthday: '1901-12-26',
      },
      {
        firstName: 'Augusta',
        lastName: 'Leigh',
        email: 'augusta@example.com',
        relationshipType: 'Family',
        relationshipDetails: 'Aunt-Uncle',
      },
    ]);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${suite.portal.baseUrl}/contacts`);
    await expect.poll(visible(page, 'Charles Babbage')).toBe(true);
    await suite.shot(page, 'contacts-07-mobile-list');

    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Edit Charles Babbage' }).click();
    const edit = page.getByRole('dialog', { name: CONTACT_TEXTS.editDialogTitle });
    await edit.waitFor();
    await suite.shot(page, 'contacts-08-mobile-edit-dialog');
    await page.close();
  });
});
