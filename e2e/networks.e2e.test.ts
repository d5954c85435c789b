import { GROUP_TEXTS, RELATIONSHIP_DETAILS, type RelationshipType } from '@capsule/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS } from './support/browser.js';
import { browserSuite } from './support/suite.js';

// The three network pages in a real Chromium against the built portal, with a realistic
// address book (Family, Friend and Colleague contacts mixed): every view of every page at
// 1280 px and at 375 px wide, a group created through its dialog, and the Relationship Map
// at 5 and at 200 contacts. The screenshots land in test-artifacts/networks-*.png.

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Mary',
  'Charles',
  'Emmy',
  'Niels',
  'Lise',
  'Marie',
  'Paul',
  'Rosalind',
];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Somerville', 'Babbage', 'Noether', 'Bohr', 'Meitner', 'Curie'];

/** n contacts of a type, spread over its details (the first ones more often, as in life). */
function contactsOf(type: RelationshipType, n: number, offset = 0) {
  const details = RELATIONSHIP_DETAILS[type];
  return Array.from({ length: n }, (_, i) => {
    const k = i + offset;
    const first = FIRST[k % FIRST.length]!;
    const last = `${LAST[Math.floor(k / FIRST.length) % LAST.length]!}${k >= FIRST.length * LAST.length ? ` ${k}` : ''}`;
    return {
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${k}@example.test`.toLowerCase().replace(/\s+/g, ''),
      phone: i % 3 === 0 ? `+1 613 555 ${String(1000 + k).slice(-4)}` : null,
      relationshipType: type,
      relationshipDetails: details[Math.floor(Math.sqrt(i * 3)) % details.length]!,
      birthday: i % 4 === 0 ? `19${String(50 + (k % 49)).padStart(2, '0')}-0${1 + (k % 9)}-1${k % 9}` : null,
    };
  });
}

const PAGES = [
  { path: '/family-tree', title: 'Family Tree', type: 'Family', views: ['cards', 'map', 'groups'] },
  { path: '/friends-tree', title: 'Friends Network', type: 'Friend', views: ['cards', 'map', 'groups'] },
  { path: '/colleagues', title: 'Professional Network', type: 'Colleague', views: ['cards'] },
] as const;

describe('network pages in Chromium', () => {
  const suite = browserSuite();

  async function mapNodes(page: Page, kind: 'contact' | 'hub' | 'user') {
    return page.locator(`.react-flow__node-${kind}`).count();
  }

  /** The map is drawn and fitted: the user node, then every contact node, inside the frame. */
  async function waitForMap(page: Page, contacts: number) {
    await page.getByTestId('relationship-map').locator('.react-flow__node-user').waitFor();
    await expect.poll(() => mapNodes(page, 'contact')).toBe(contacts);
    await expect
      .poll(() =>
        page.getByTestId('relationship-map').evaluate((frame) => {
          const box = frame.getBoundingClientRect();
          const user = frame.querySelector('.react-flow__node-user')?.getBoundingClientRect();
          return !!user && user.left >= box.left && user.right <= box.right && user.width > 0;
        }),
      )
      .toBe(true);
  }

  it('opens Family Tree, Friends Network and Professional Network in every view, at 1280 and 375 px', async () => {
    const { page, userId } = await suite.signedInPage('Ada Lovelace');
    const seeded = [
      ...contactsOf('Family', 16),
      ...contactsOf('Friend', 12, 20),
      ...contactsOf('Colleague', 8, 40),
      ...contactsOf('Other', 2, 60),
    ];
    await suite.portal.seed.contacts(userId, seeded);
    const count = (type: RelationshipType) => seeded.filter((c) => c.relationshipType === type).length;
    expect(seeded.length).toBeGreaterThanOrEqual(30);

    // Create New Group through its dialog, on the Family Tree.
    await page.goto(`${suite.portal.baseUrl}/family-tree?view=groups`);
    await page.getByText('No groups yet.').waitFor();
    await page.getByRole('button', { name: GROUP_TEXTS.createDialogTitle }).click();
    const dialog = page.getByRole('dialog', { name: GROUP_TEXTS.createDialogTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect.poll(() => dialog.getByText(GROUP_TEXTS.nameRequired).isVisible()).toBe(true);
    await dialog.getByLabel(/^Group name/).fill('Sunday lunch');
    const members = dialog.getByRole('combobox', { name: 'Members' });
    await members.click();
    // Only family members are offered.
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(count('Family'));
    await options.first().click();
    await members.click();
    await options.first().click();
    expect(await dialog.locator('.mantine-MultiSelect-pill').count()).toBe(2);
    await suite.shot(page, 'networks-group-dialog-1280');
    // Back to the name field: the member list closes.
    await dialog.getByLabel(/^Group name/).click();
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expect.poll(() => page.getByText('Group created').first().isVisible()).toBe(true);
    const card = page.getByRole('article', { name: 'Sunday lunch' });
    await card.waitFor();
    expect(await card.getByText('2 members').isVisible()).toBe(true);
    const group = (await suite.portal.read.groups(userId)).find((g) => g.name === 'Sunday lunch');
    expect(group?.relationshipType).toBe('Family');
    expect(group?.memberIds).toHaveLength(2);

    // A second group on the Friends Network, so both Groups views have something to show.
    await page.goto(`${suite.portal.baseUrl}/friends-tree?view=groups`);
    await page.getByRole('button', { name: GROUP_TEXTS.createDialogTitle }).click();
    await dialog.waitFor();
    await dialog.getByLabel(/^Group name/).fill('Book club');
    await dialog.getByRole('combobox', { name: 'Members' }).click();
    await page.getByRole('option').nth(2).click();
    await dialog.getByLabel(/^Group name/).click();
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await page.getByRole('article', { name: 'Book club' }).waitFor();

    for (const [size, viewport] of [
      ['1280', VIEWPORTS.desktop],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const network of PAGES) {
        for (const view of network.views) {
          await page.goto(`${suite.portal.baseUrl}${network.path}${view === 'cards' ? '' : `?view=${view}`}`);
          await page.getByRole('heading', { name: network.title, level: 1 }).waitFor();
          if (view === 'cards') {
            await expect.poll(() => page.getByTestId('contact-card').count()).toBe(count(network.type));
          } else if (view === 'map') {
            await waitForMap(page, count(network.type));
          } else {
            await page.getByTestId('group-card').first().waitFor();
          }
          if (network.views.length === 1) {
            expect(await page.getByRole('radio', { name: 'Relationship Map' }).count()).toBe(0);
          }
          // Nothing sticks out sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          await suite.shot(page, `networks-${network.path.slice(1)}-${view}-${size}`);
        }
      }
    }

    // The view switch and the detail tabs drive the map, and both stay in the address.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${suite.portal.baseUrl}/family-tree`);
    // The radio itself is visually hidden: a user clicks its label.
    await page.locator('.mantine-SegmentedControl-label', { hasText: 'Relationship Map' }).click();
    await page.waitForURL('**/family-tree?view=map');
    await waitForMap(page, count('Family'));
    const parents = seeded.filter((c) => c.relationshipDetails === 'Parent').length;
    await page.getByRole('tab', { name: /^Parent/ }).click();
    await page.waitForURL('**/family-tree?view=map&detail=Parent');
    await waitForMap(page, parents);
    expect(await mapNodes(page, 'hub')).toBe(1);

    // A click on a person in the map opens Edit Contact.
    await page.locator('.react-flow__node-contact').first().click();
    await page.getByRole('dialog', { name: 'Edit Contact' }).waitFor();
    await page.close();
  });

  it('draws a readable Relationship Map at 5 and at 200 contacts', async () => {
    for (const n of [5, 200]) {
      const { page, userId } = await suite.signedInPage(n === 5 ? 'Mary Somerville' : 'Charles Babbage');
      await suite.portal.seed.contacts(userId, contactsOf('Family', n));
      for (const [size, viewport] of [
        ['1280', VIEWPORTS.desktop],
        ['375', VIEWPORTS.mobile],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`${suite.portal.baseUrl}/family-tree?view=map`);
        await waitForMap(page, n);
        const hubs = new Set(contactsOf('Family', n).map((c) => c.relationshipDetails)).size;
        expect(await mapNodes(page, 'hub')).toBe(hubs);
        await suite.shot(page, `networks-map-${n}-contacts-${size}`);
      }
      await page.close();
    }
  });
});
