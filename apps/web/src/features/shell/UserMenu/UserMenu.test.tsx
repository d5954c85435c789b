import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

describe('user menu', () => {
  it('shows the initials, the full name and the e-mail', async () => {
    const { user } = renderApp({ route: '/dashboard', handlers: signedIn() });

    const button = await screen.findByRole('button', { name: 'Open user menu' });
    expect(button.textContent).toContain('AL');

    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(ADA.fullName)).toBeTruthy();
    expect(within(menu).getByText(ADA.email)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('falls back to the username when there is no full name', async () => {
    const { user } = renderApp({ route: '/dashboard', handlers: signedIn({ ...ADA, fullName: '' }) });

    const button = await screen.findByRole('button', { name: 'Open user menu' });
    expect(button.textContent).toContain('AD');
    await user.click(button);
    expect(within(await screen.findByRole('menu')).getByText('ada')).toBeTruthy();
  });

  it('opens Account Settings', async () => {
    const { user } = renderApp({ route: '/dashboard', handlers: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account Settings' }));

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('logs out to /login', async () => {
    const { user, calls } = renderApp({ route: '/dashboard', handlers: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(calls.some((call) => call.path === 'auth.logout')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Open user menu' })).toBeNull();
  });
});
