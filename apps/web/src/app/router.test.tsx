import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { awaitingCode, signedIn, signedOut } from '../test/fixtures';
import { renderApp } from '../test/render';

const location = () => screen.getByTestId('location').textContent;

describe('route table', () => {
  it('sends / to /dashboard when signed in', async () => {
    renderApp({ route: '/', handlers: signedIn() });
    expect(await screen.findByRole('heading', { name: 'My Capsules' })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('sends / to /login when signed out', async () => {
    renderApp({ route: '/', handlers: signedOut });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('sends a signed-in visitor of /login on to the dashboard, and a code-stage one to /verify-otp', async () => {
    renderApp({ route: '/login', handlers: awaitingCode });
    expect(await screen.findByLabelText(/One-Time Password/)).toBeTruthy();
    expect(location()).toBe('/verify-otp');
  });

  it.each([
    ['/dashboard', 'My Capsules'],
    ['/contacts', 'My Contacts'],
    ['/family-tree', 'Family Tree'],
    ['/friends-tree', 'Friends Network'],
    ['/colleagues', 'Professional Network'],
    ['/settings', 'Account Settings'],
    ['/received-capsules', 'Received Capsules'],
  ])('renders %s with its heading inside the shell', async (route, heading) => {
    renderApp({ route, handlers: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeTruthy();
    expect(location()).toBe(route);
  });

  it('shows the not-found page for any other address', async () => {
    renderApp({ route: '/no/such/page', handlers: signedOut });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });
});
