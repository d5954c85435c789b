import { PROFILE_TEXTS } from '@capsule/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { networkError } from '../../../test/trpc-mock';

const selectedTab = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('account settings', () => {
  it('opens on Profile Information by default, with the e-mail read-only', async () => {
    renderApp({ route: '/settings', handlers: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('Profile Information');
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(ADA.fullName);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(ADA.email);
    expect(email.readOnly).toBe(true);
  });

  it.each([
    ['password', 'Password', 'Change your password', /lost-password/],
    ['account', 'Account', 'Open account security', /security/],
  ])('opens the tab named by ?tab=%s with its external link', async (tab, label, linkName, href) => {
    renderApp({ route: `/settings?tab=${tab}`, handlers: signedIn() });

    await screen.findByRole('heading', { name: 'Account Settings' });
    expect(selectedTab()?.textContent).toBe(label);
    const link = screen.getByRole('link', { name: linkName });
    expect(link.getAttribute('href')).toMatch(href);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('falls back to Profile Information for an unknown ?tab=', async () => {
    renderApp({ route: '/settings?tab=billing', handlers: signedIn() });

    await screen.findByRole('heading', { name: 'Account Settings' });
    expect(selectedTab()?.textContent).toBe('Profile Information');
  });

  it('keeps the chosen tab in the address', async () => {
    const { user } = renderApp({ route: '/settings', handlers: signedIn() });

    await user.click(await screen.findByRole('tab', { name: 'Password' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings?tab=password');
    expect(screen.getByRole('link', { name: 'Change your password' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Account' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings?tab=account');
  });

  it('requires the full name and the phone number', async () => {
    const { user, calls } = renderApp({
      route: '/settings',
      handlers: signedIn({ ...ADA, phoneNumber: null }),
    });

    await user.clear(await screen.findByLabelText(/Full name/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(PROFILE_TEXTS.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(PROFILE_TEXTS.phoneRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === 'auth.updateProfile')).toBe(false);
  });

  it("saves the profile, toasts 'Profile updated' and shows the new name in the sidebar", async () => {
    const { user, calls } = renderApp({
      route: '/settings',
      handlers: {
        ...signedIn(),
        'auth.updateProfile': (input) => ({ ...ADA, ...(input as object) }),
      },
    });

    const fullName = await screen.findByLabelText(/Full name/);
    await user.clear(fullName);
    await user.type(fullName, 'Augusta Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(PROFILE_TEXTS.updated)).toBeTruthy();
    expect(calls.find((call) => call.path === 'auth.updateProfile')?.input).toEqual({
      fullName: 'Augusta Ada King',
      phoneNumber: ADA.phoneNumber,
    });
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' }).parentElement as HTMLElement;
    expect(within(sidebar).getByText('Augusta Ada King')).toBeTruthy();
  });

  it("toasts 'Update failed' when the update fails", async () => {
    const { user } = renderApp({
      route: '/settings',
      handlers: {
        ...signedIn(),
        'auth.updateProfile': () => {
          throw networkError();
        },
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(PROFILE_TEXTS.updateFailedTitle)).toBeTruthy();
    expect(screen.getByText(PROFILE_TEXTS.updateFailedBody)).toBeTruthy();
  });
});
