import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from '../lib/settled';
import {
  clearRouteData,
  DEFAULT_CAPSULE_LIST_INPUT,
  firstQueries,
  routeData,
  routeDataAdopted,
  setServerRouteData,
} from './route-data';

afterEach(() => {
  clearRouteData();
  vi.useRealTimers();
});

describe('a page’s first data', () => {
  it('is the dashboard’s three calls on its plain address, and nothing with filters', () => {
    expect(firstQueries('/dashboard')).toEqual([
      { path: 'capsules.counts', input: undefined },
      { path: 'subscriptions.current', input: undefined },
      { path: 'capsules.list', input: DEFAULT_CAPSULE_LIST_INPUT },
    ]);
    expect(firstQueries('/dashboard', '?status=Processed')).toEqual([]);
    expect(firstQueries('/settings')).toEqual([]);
  });

  it('as the server answered it: readable at once, kept until adopted, then ageing like any answer', () => {
    vi.useFakeTimers();
    const answers = [{ path: 'capsules.counts', input: undefined, value: { total: 3 } }];
    setServerRouteData(answers, Date.now());

    const [counts] = routeData();
    // Read synchronously by the browser's first render: no tick in between.
    expect(answerOf(counts?.result)?.value).toEqual({ total: 3 });

    // However long the app's code took to arrive, the first render finds the server's answers.
    vi.advanceTimersByTime(60_000);
    expect(routeData()).toHaveLength(1);

    routeDataAdopted();
    vi.advanceTimersByTime(9_000);
    expect(routeData()).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    expect(routeData()).toEqual([]);
  });
});
