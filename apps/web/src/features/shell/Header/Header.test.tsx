import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADA, SERVER_LINKS, signedIn, signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { networkError } from '../../../test/trpc-mock';

/** happy-dom applies Mantine's media queries to its viewport (1024 px wide by default). */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport: (v: { width: number }) => void } }).happyDOM.setViewport({
    width,
  });
}

afterEach(() => setViewportWidth(1024));

describe('portal frame', () => {
  it('shows signed-out visitors Login and Sign Up, both to /auth, and no BETA badge', async () => {
    renderApp({ route: '/login', handlers: signedOut });

    await screen.findByRole('button', { name: 'Sign In' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(within(header).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth');
    expect(within(header).queryByText('BETA')).toBeNull();
  });

  it('gives signed-in users the header links, the BETA badge and the sidebar', async () => {
    renderApp({ route: '/contacts', handlers: signedIn() });

    await screen.findByRole('heading', { name: 'My Contacts' });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Open navigation' })).toBeNull();
    expect(within(header).getByText('BETA')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/dashboard');
    expect(within(header).getByRole('link', { name: 'My Capsules' }).getAttribute('href')).toBe('/dashboard');
    for (const name of ['About', 'Shop', 'Contact']) {
      const link = within(header).getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(header).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe(SERVER_LINKS.shop);
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();

    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'My Capsules' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(within(sidebar).getByRole('link', { name: 'My Contacts' }).getAttribute('href')).toBe('/contacts');
    expect(within(sidebar).getByRole('link', { name: 'Received Capsules' }).getAttribute('href')).toBe(
      '/received-capsules',
    );
    expect(screen.getAllByText(ADA.email).length).toBeGreaterThan(0);
  });

  it('on a phone, hides the My Capsules button and the sidebar, and opens the navigation in a drawer', async () => {
    setViewportWidth(375);
    const { user } = renderApp({ route: '/dashboard', handlers: signedIn() });

    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'My Capsules' })).toBeNull();
    expect(within(header).getByRole('button', { name: 'Open user menu' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Sidebar' })).toBeNull();

    await user.click(toggle);

    const drawer = await screen.findByRole('dialog');
    const nav = within(drawer).getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getByRole('link', { name: 'My Contacts' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Account Settings' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('ends with the footer sections and the copyright line of this year', async () => {
    renderApp({ route: '/login', handlers: signedOut });

    await screen.findByRole('button', { name: 'Sign In' });
    const footer = screen.getByRole('contentinfo');
    for (const section of ['Product', 'Resources', 'Legal', 'Contact Us']) {
      expect(within(footer).getByRole('navigation', { name: section })).toBeTruthy();
    }
    for (const name of ['About', 'Shop', 'Guide', 'FAQs', 'Terms of Service', 'Privacy Policy']) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(within(footer).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe(SERVER_LINKS.shop);
    expect(within(footer).getByRole('link', { name: 'Legacy Capsule on Instagram' })).toBeTruthy();
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Legacy Capsule. All rights reserved.`),
    ).toBeTruthy();
  });

  it('leaves the Shop link out when the server could not say where the shop is', async () => {
    renderApp({
      route: '/login',
      handlers: {
        'auth.status': () => {
          throw networkError();
        },
      },
    });

    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('link', { name: 'Shop' })).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'About' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'About' })).toBeTruthy();
  });
});
