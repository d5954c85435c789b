import { CAPSULE_TEXTS } from '@capsule/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/fixtures';
import {
  makeReceived,
  PAGE_LOAD,
  RECEIVED_COUNTS,
  receivedHandlers,
  receivedListOf,
} from '../../test/received-fixtures';
import { renderApp } from '../../test/render';
import { type Call, deferred, networkError } from '../../test/trpc-mock';
import { RECEIVED_EMPTY_TEXTS } from './ReceivedCapsules/ReceivedCapsules';
import { RECEIVED_STAT_CARDS } from './ReceivedStats/ReceivedStats';

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === 'receivedCapsules.list').map((call) => call.input);
const location = () => screen.getByTestId('location').textContent;
const many = (n: number) => Array.from({ length: n }, (_, i) => makeReceived({ title: `Capsule ${i + 1}` }));

function renderPage(route: string, items = many(3), overrides = {}) {
  return renderApp({ route, handlers: { ...signedIn(), ...receivedHandlers(items, overrides) } });
}

describe('Received Capsules page', { timeout: 20_000 }, () => {
  it('shows four stat skeletons and six card skeletons while loading, then the counts and the cards', async () => {
    const answer = deferred<unknown>();
    renderPage('/received-capsules', many(3), { 'receivedCapsules.list': () => answer.promise });

    await screen.findByRole('heading', { name: 'Received Capsules' }, PAGE_LOAD);
    expect(screen.getAllByTestId('received-stat-skeleton')).toHaveLength(4);
    expect(screen.getAllByTestId('received-card-skeleton')).toHaveLength(6);

    answer.resolve(receivedListOf(many(3))({ page: 1 }));
    await screen.findByTestId('received-grid');
    expect(screen.queryAllByTestId('received-card-skeleton')).toHaveLength(0);
    const stats = screen.getByRole('region', { name: 'Received capsule counts' });
    const shown = RECEIVED_STAT_CARDS.map(({ key, label }) => [
      within(within(stats).getByTestId(`received-stat-${key}`)).getByText(label).textContent,
      within(stats).getByTestId(`received-stat-value-${key}`).textContent,
    ]);
    expect(shown).toEqual([
      ['Total Capsules', String(RECEIVED_COUNTS.total)],
      ['View Any Time', String(RECEIVED_COUNTS.viewAnyTime)],
      ['Milestone Date', String(RECEIVED_COUNTS.milestoneDate)],
      ['Requires Document Validation', String(RECEIVED_COUNTS.documentValidation)],
    ]);
    expect(screen.getAllByTestId('received-card')).toHaveLength(3);
  });

  it('reads type, sort, status and page from the address and asks the server for them', async () => {
    const { calls } = renderPage(
      '/received-capsules?type=first%20born&sortby=Verification%20Needed&x_status=sent&page=2',
      many(20),
    );
    await screen.findByTestId('received-grid', {}, PAGE_LOAD);
    expect(listCalls(calls).at(-1)).toEqual({
      type: 'First Born',
      status: 'Sent',
      sort: 'verification',
      page: 2,
    });
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('First Born');
    expect((screen.getByRole('combobox', { name: 'Release condition' }) as HTMLInputElement).value).toBe(
      'Verification Needed',
    );
  });

  it('offers the spec’s types and sorts, writes a change to the address and goes back to page 1', async () => {
    const { user, calls } = renderPage('/received-capsules?page=2', many(20));
    await screen.findByTestId('received-grid', {}, PAGE_LOAD);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Types',
      'Graduation',
      'Wedding',
      'First Born',
      'Wake',
      'Honeymoon',
    ]);
    await user.click(screen.getByRole('option', { name: 'Wedding' }));
    expect(location()).toBe('/received-capsules?type=Wedding');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toMatchObject({ type: 'Wedding', sort: 'all', page: 1 }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Release condition' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Release Conditions',
      'Milestone Date',
      'Releasable',
      'Verification Needed',
    ]);
    await user.click(screen.getByRole('option', { name: 'Releasable' }));
    expect(location()).toBe('/received-capsules?type=Wedding&sortby=releasable');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'All Types' }));
    expect(location()).toBe('/received-capsules?sortby=releasable');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({
        type: undefined,
        status: undefined,
        sort: 'releasable',
        page: 1,
      }),
    );
  });

  it('shows 12 cards a page and pagination only above 12', async () => {
    const twelve = renderPage('/received-capsules', many(12));
    await screen.findByTestId('received-grid', {}, PAGE_LOAD);
    expect(screen.getAllByTestId('received-card')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
    twelve.unmount();

    const { user } = renderPage('/received-capsules', many(13));
    await screen.findByTestId('received-grid', {}, PAGE_LOAD);
    expect(screen.getAllByTestId('received-card')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/received-capsules?page=2');
    await waitFor(() => expect(screen.getAllByTestId('received-card')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Graduation' })).toBeTruthy();
  });

  it("says 'You haven't received any capsules yet.' with no capsule at all", async () => {
    renderPage('/received-capsules', []);
    const empty = await screen.findByTestId('received-empty', {}, PAGE_LOAD);
    expect(within(empty).getByText(RECEIVED_EMPTY_TEXTS.title).textContent).toBe('No capsules found');
    expect(within(empty).getByText("You haven't received any capsules yet.")).toBeTruthy();
    expect(within(empty).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('says the filter matches nothing when a type or a sort is chosen, and clears it', async () => {
    const { user } = renderPage('/received-capsules?sortby=milestone', []);
    const empty = await screen.findByTestId('received-empty', {}, PAGE_LOAD);
    expect(
      within(empty).getByText(
        "You haven't received any capsules that match the current filter. Try changing your filter.",
      ),
    ).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/received-capsules');
  });

  it("toasts 'Failed to fetch capsules' and offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    const { user } = renderPage('/received-capsules', many(2), {
      'receivedCapsules.list': (input: unknown) => {
        if (fail) throw networkError();
        return receivedListOf(many(2))(input);
      },
    });
    expect(await screen.findByText(CAPSULE_TEXTS.fetchCapsulesFailed, {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getAllByTestId('received-stat-value-total').map((el) => el.textContent)).toEqual(['–']);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('received-grid');
  });
});
