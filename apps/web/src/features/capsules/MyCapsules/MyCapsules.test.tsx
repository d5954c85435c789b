import { CAPSULE_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardHandlers, makeCapsule, PAGE_LOAD } from '../../../test/capsule-fixtures';
import { SERVER_LINKS, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { type Call, networkError } from '../../../test/trpc-mock';

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === 'capsules.list').map((c) => c.input);
const location = () => screen.getByTestId('location').textContent;

const thirty = Array.from({ length: 30 }, (_, i) => makeCapsule({ title: `Capsule ${i + 1}` }));

describe('My Capsules list', { timeout: 20_000 }, () => {
  it('reads x_status, every type and the page from the address and asks the server for them', async () => {
    const { user, calls } = renderApp({
      route: '/dashboard?x_status=pending_upload&type=Wedding&type=wake&type=Bogus&page=2',
      handlers: { ...signedIn(), ...dashboardHandlers(thirty) },
    });

    await screen.findByText('Showing 13–24 of 30 capsules', {}, PAGE_LOAD);
    expect(listCalls(calls).at(-1)).toEqual({
      status: 'Pending_Upload',
      types: ['Wedding', 'Wake'],
      page: 2,
    });
    expect((screen.getByRole('combobox', { name: 'Sort by status' }) as HTMLInputElement).value).toBe(
      'Pending Upload',
    );
    // The option list is drawn when it opens (theme.ts): open it to see what is ticked.
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    const typeList = await screen.findByRole('listbox', { name: 'Type' });
    const chosen = within(typeList)
      .getAllByRole('option')
      .filter((option) => option.getAttribute('aria-selected') === 'true')
      .map((option) => option.textContent);
    expect(chosen).toEqual(['Wedding', 'Wake']);
  });

  it('writes the filters to the address, back to page 1, and reloads the list', async () => {
    const { user, calls } = renderApp({
      route: '/dashboard?page=3',
      handlers: { ...signedIn(), ...dashboardHandlers(thirty) },
    });
    await screen.findByText('Showing 25–30 of 30 capsules', {}, PAGE_LOAD);

    await user.click(screen.getByRole('combobox', { name: 'Sort by status' }));
    const statuses = screen.getAllByRole('option').map((option) => option.textContent);
    expect(statuses).toEqual([
      'All Statuses',
      'Pending Recipient',
      'Pending Upload',
      'Reviewing',
      'Processed',
      'To Be Deleted',
    ]);
    await user.click(screen.getByRole('option', { name: 'Processed' }));
    expect(location()).toBe('/dashboard?x_status=Sent');
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ status: 'Sent', types: [], page: 1 }));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Graduation' }));
    await user.click(screen.getByRole('option', { name: 'First Born' }));
    expect(location()).toBe('/dashboard?x_status=Sent&type=Graduation&type=First+Born');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        status: 'Sent',
        types: ['Graduation', 'First Born'],
        page: 1,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Sort by status' }));
    await user.click(screen.getByRole('option', { name: 'All Statuses' }));
    expect(location()).toBe('/dashboard?type=Graduation&type=First+Born');
  });

  it('shows 12 cards a page with numbered pagination, and the page in the address', async () => {
    const { user } = renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers(thirty) },
    });

    await screen.findByText('Showing 1–12 of 30 capsules', {}, PAGE_LOAD);
    expect(screen.getAllByTestId('capsule-card')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(location()).toBe('/dashboard?page=3');
    await screen.findByText('Showing 25–30 of 30 capsules');
    expect(screen.getAllByTestId('capsule-card')).toHaveLength(6);
    expect(screen.getByRole('article', { name: 'Capsule 30' })).toBeTruthy();
  });

  it('scrolls the view to the top on a page change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers(thirty) },
    });
    await screen.findByText('Showing 1–12 of 30 capsules', {}, PAGE_LOAD);
    // The route change into /dashboard scrolls once (ScrollToTop); nothing else yet.
    const before = scrollTo.mock.calls.length;

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 13–24 of 30 capsules');
    expect(scrollTo.mock.calls.length).toBe(before + 1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Showing 1–12 of 30 capsules');
    expect(scrollTo.mock.calls.length).toBe(before + 2);
  });

  it('shows skeleton cards while loading and no pagination for a single page', async () => {
    renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers(thirty.slice(0, 5)) },
    });
    await screen.findByRole('heading', { name: 'My Capsules' }, PAGE_LOAD);
    expect(screen.getAllByTestId('capsule-card-skeleton').length).toBeGreaterThan(0);
    await screen.findByText('Showing 1–5 of 5 capsules');
    expect(screen.queryAllByTestId('capsule-card-skeleton')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it("shows 'No capsules found' with the shop link, and a way out of the filters", async () => {
    const { user } = renderApp({
      route: '/dashboard?type=Honeymoon',
      handlers: { ...signedIn(), ...dashboardHandlers([]) },
    });

    expect(await screen.findByText(CAPSULE_TEXTS.empty, {}, PAGE_LOAD)).toBeTruthy();
    const shop = screen.getAllByRole('link', { name: 'Visit the shop' })[0] as HTMLAnchorElement;
    // The store's page is the server's (auth.status, SHOP_URL), not one the client knows.
    expect(shop.getAttribute('href')).toBe(SERVER_LINKS.shop);
    expect(shop.getAttribute('target')).toBe('_blank');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/dashboard');
  });

  it("toasts 'Failed to fetch capsules' and offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    const { user } = renderApp({
      route: '/dashboard',
      handlers: {
        ...signedIn(),
        ...dashboardHandlers([], {
          'capsules.list': () => {
            if (fail) throw networkError();
            return { capsules: [], total: 0, page: 1, pageSize: 12, pageCount: 0 };
          },
        }),
      },
    });

    expect(
      (await screen.findAllByText(CAPSULE_TEXTS.fetchCapsulesFailed, {}, PAGE_LOAD)).length,
    ).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(CAPSULE_TEXTS.empty)).toBeTruthy();
  });
});
