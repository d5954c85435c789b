import { CAPSULE_STATS_TILES, CAPSULE_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COUNTS, dashboardHandlers, PAGE_LOAD } from '../../../test/capsule-fixtures';
import { signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { deferred, networkError } from '../../../test/trpc-mock';

describe('dashboard stats strip', () => {
  it('shows five placeholders while loading, then the five counts', async () => {
    const counts = deferred<typeof COUNTS>();
    renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers([], { 'capsules.counts': () => counts.promise }) },
    });

    await screen.findByRole('heading', { name: 'My Capsules' }, PAGE_LOAD);
    expect(screen.getAllByTestId('stats-tile-skeleton')).toHaveLength(5);

    counts.resolve(COUNTS);
    const strip = await screen.findByRole('region', { name: 'Capsule counts' });
    await within(strip).findByText('Total Capsules');
    expect(screen.queryAllByTestId('stats-tile-skeleton')).toHaveLength(0);
    const shown = CAPSULE_STATS_TILES.map(({ key, label }) => [
      within(screen.getByTestId(`stats-tile-${key}`)).getByText(label).textContent,
      screen.getByTestId(`stats-value-${key}`).textContent,
    ]);
    expect(shown).toEqual([
      ['Total Capsules', '7'],
      ['Requires Recipient', '3'],
      ['Pending Upload', '2'],
      ['Stored', '1'],
      ['Received', '4'],
    ]);
    // 3 + 2 + 1 of 7: the strip says where the seventh is.
    expect(screen.getByTestId('stats-outside-tiles').textContent).toBe(
      'Total includes 1 capsule being uploaded or reviewed.',
    );
  });

  it('says nothing more when the tiles add up to the total', async () => {
    const counts = {
      ...COUNTS,
      total: 6,
      outsideTiles: { inProgress: 0, needsReview: 0, markedForDeletion: 0, other: 0 },
    };
    renderApp({
      route: '/dashboard',
      handlers: { ...signedIn(), ...dashboardHandlers([], { 'capsules.counts': () => counts }) },
    });
    await screen.findByTestId('stats-value-total', {}, PAGE_LOAD);
    expect(screen.queryByTestId('stats-outside-tiles')).toBeNull();
  });

  it('reads a missing received count as 0', async () => {
    renderApp({
      route: '/dashboard',
      handlers: {
        ...signedIn(),
        ...dashboardHandlers([], { 'capsules.counts': () => ({ ...COUNTS, received: undefined }) }),
      },
    });
    expect((await screen.findByTestId('stats-value-received', {}, PAGE_LOAD)).textContent).toBe('0');
  });

  it('shows the plan and its allowance, the first word of the product name', async () => {
    renderApp({ route: '/dashboard', handlers: { ...signedIn(), ...dashboardHandlers([]) } });
    const plan = await screen.findByTestId('plan-summary', {}, PAGE_LOAD);
    expect(plan.textContent).toBe('Your plan: 5 Legacy Capsules · allowance 5');
  });

  it("toasts 'Failed to fetch subscriptions' when the plan cannot be loaded", async () => {
    renderApp({
      route: '/dashboard',
      handlers: {
        ...signedIn(),
        ...dashboardHandlers([], {
          'subscriptions.current': () => {
            throw networkError();
          },
        }),
      },
    });
    expect(await screen.findByText(CAPSULE_TEXTS.fetchSubscriptionsFailed, {}, PAGE_LOAD)).toBeTruthy();
  });
});

describe('the Received tile', () => {
  it('leads to Received Capsules', async () => {
    const { user } = renderApp({
      route: '/dashboard',
      handlers: {
        ...signedIn(),
        ...dashboardHandlers([]),
        'receivedCapsules.list': () => ({
          items: [],
          total: 0,
          page: 1,
          limit: 12,
          counts: { total: 0, viewAnyTime: 0, milestoneDate: 0, documentValidation: 0 },
        }),
      },
    });
    const tile = await screen.findByTestId('stats-tile-received', {}, PAGE_LOAD);
    expect(tile.getAttribute('href')).toBe('/received-capsules');
    expect(screen.getByTestId('stats-tile-sent').getAttribute('href')).toBeNull();
    await user.click(tile);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/received-capsules'));
    expect(await screen.findByRole('heading', { name: 'Received Capsules' }, PAGE_LOAD)).toBeTruthy();
  });
});
