import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrpcClient } from '../lib/trpc-client';
import { COUNTS, dashboardHandlers, makeCapsule } from '../test/capsule-fixtures';
import { type Call, type Handlers, mockLink, serverError } from '../test/trpc-mock';
import { firstDataClient, loadFirstData } from './first-data';
import { firstDataPageAt } from './first-data-pages';

afterEach(() => {
  vi.useRealTimers();
});

function clientOf(handlers: Handlers) {
  const calls: Call[] = [];
  return { calls, client: makeTrpcClient([mockLink(handlers, calls)]) };
}

describe('the pages that open with first data', () => {
  it('are the dashboard and Received Capsules, on their plain address only', () => {
    expect(firstDataPageAt('/dashboard')).toBe('/dashboard');
    expect(firstDataPageAt('/received-capsules')).toBe('/received-capsules');
    expect(firstDataPageAt('/dashboard', '?x_status=Processed')).toBeNull();
    expect(firstDataPageAt('/received-capsules', '?page=2')).toBeNull();
    expect(firstDataPageAt('/settings')).toBeNull();
    expect(firstDataPageAt('/dashboard/')).toBeNull();
  });
});

describe('a page’s first data', () => {
  it('asks what the dashboard’s own queries ask, and carries the answers dehydrated', async () => {
    const capsules = [makeCapsule({ title: 'Letters to Lin' })];
    const { client, calls } = clientOf(dashboardHandlers(capsules));
    const state = await loadFirstData('/dashboard', { client });

    expect(calls.map((call) => call.path).sort()).toEqual([
      'capsules.counts',
      'capsules.list',
      'subscriptions.current',
    ]);
    // The list as My Capsules asks it on its plain address: no filter, the first page.
    expect(calls.find((call) => call.path === 'capsules.list')?.input).toEqual({
      status: null,
      types: [],
      page: 1,
    });
    const byPath = new Map(state.queries.map((query) => [String(query.queryKey[0]), query.state.data]));
    expect(byPath.get('capsules,counts')).toEqual(COUNTS);
    expect((byPath.get('capsules,list') as { capsules: Array<{ title: string }> }).capsules[0]?.title).toBe(
      'Letters to Lin',
    );
    // Plain JSON: it travels inside the page the server sends.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('keeps what answered when a call fails, or fails whole when every call must answer', async () => {
    const handlers = dashboardHandlers([], {
      'subscriptions.current': () => {
        throw serverError(500, 'down');
      },
    });
    const partial = await loadFirstData('/dashboard', clientOf(handlers));
    expect(partial.queries.map((query) => String(query.queryKey[0])).sort()).toEqual([
      'capsules,counts',
      'capsules,list',
    ]);
    await expect(loadFirstData('/dashboard', clientOf(handlers), { every: true })).rejects.toThrow('down');
  });
});

describe('the first data cache', () => {
  it('shows the answers as of now, does not ask again on mount for a few seconds, and is made once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const state = await loadFirstData(
      '/received-capsules',
      clientOf({
        'receivedCapsules.list': () => ({ capsules: [], total: 0 }),
      }),
    );
    // However old the server's answer (its clock, or the code's long way here), it counts from now.
    const aged = {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: 0 } })),
    };
    const first = { state: aged };
    const cache = firstDataClient(first);
    const [query] = cache.getQueryCache().getAll();
    if (!query) throw new Error('nothing hydrated');
    expect(query.state.data).toEqual({ capsules: [], total: 0 });
    expect(query.state.dataUpdatedAt).toBe(Date.now());

    const refetchOnMount = cache.getQueryDefaults(query.queryKey).refetchOnMount as (
      q: typeof query,
    ) => boolean;
    expect(refetchOnMount(query)).toBe(false);
    vi.setSystemTime(Date.now() + 6_000);
    expect(refetchOnMount(query)).toBe(true);

    // A later mount of the signed-in area finds the same live cache, not the opening answers again.
    expect(firstDataClient(first)).toBe(cache);
  });
});
