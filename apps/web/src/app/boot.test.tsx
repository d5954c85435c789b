import { TERMS_TEXTS } from '@capsule/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../features/auth/AuthProvider/AuthProvider';
import { GUARD_TEXTS } from '../features/auth/ProtectedRoute/guard-texts';
import { answerOf, track } from '../lib/settled';
import { makeTrpcClient } from '../lib/trpc-client';
import { dashboardHandlers, makeCapsule } from '../test/capsule-fixtures';
import { ADA, signedIn, signedOut } from '../test/fixtures';
import { type Call, deferred, type Handlers, mockLink } from '../test/trpc-mock';
import { afterBootBatch, protectedPageReady, startVisit } from './boot';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** A page opened directly, as main.tsx opens it: the boot batch and the code first, then React. */
async function openDirectly(route: string, handlers: Handlers) {
  const calls: Call[] = [];
  const client = makeTrpcClient([mockLink(handlers, calls)]);
  const visit = startVisit(client, { pathname: route, search: '' });
  await protectedPageReady(visit);
  render(
    <AppProviders trpcClient={client} env="test" firstData={await visit.firstData}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider initialStatus={visit.status}>
          <AppRoutes />
        </AuthProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { calls };
}

describe('opening a protected page directly', { timeout: 20_000 }, () => {
  it('draws the page with its data in the first render when the sign-in state and data are in', async () => {
    const capsules = [makeCapsule({ title: 'Letters to Lin' }), makeCapsule({ title: 'For the wedding' })];
    const { calls } = await openDirectly('/dashboard', { ...signedIn(), ...dashboardHandlers(capsules) });

    // No waiting: what the first render committed. Before, it showed the guard's check and
    // then a loading list, and the cards came two renders later.
    expect(screen.queryByText(GUARD_TEXTS.checkingAuth)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'My Capsules' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Letters to Lin' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'For the wedding' })).toBeTruthy();
    // The boot answers were used: the page asked nothing again.
    expect(calls.map((call) => call.path).sort()).toEqual([
      'auth.status',
      'capsules.counts',
      'capsules.list',
      'subscriptions.current',
    ]);
  });

  it('asks for no page data before the terms are accepted (the server would answer 403)', async () => {
    const { calls } = await openDirectly('/dashboard', { ...signedIn(ADA, false), ...dashboardHandlers([]) });

    expect(await screen.findByRole('heading', { name: TERMS_TEXTS.title })).toBeTruthy();
    // The sign-in state and the terms check only.
    expect(new Set(calls.map((call) => call.path))).toEqual(new Set(['auth.status', 'terms.check']));
  });

  it('asks for no page data for a signed-out visitor (the server would answer 401)', async () => {
    const { calls } = await openDirectly('/received-capsules', signedOut);

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['auth.status']);
  });
});

describe('settled answers', () => {
  it('reads a tracked promise only once it has resolved, and never a failed one', async () => {
    const pending = deferred<string>();
    const tracked = track(pending.promise);
    expect(answerOf(tracked)).toBeUndefined();
    pending.resolve('answered');
    await tracked;
    expect(answerOf(tracked)?.value).toBe('answered');

    const failing = deferred<string>();
    const failed = track(failing.promise);
    failing.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    expect(answerOf(failed)).toBeUndefined();
    // An untracked promise has no answer to read.
    expect(answerOf(Promise.resolve('x'))).toBeUndefined();
  });
});

describe('the boot batch and the signed-in code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the signed-in code only once the first request has gone out', async () => {
    // The real batch link over a fetch that notes when it is called: over HTTP/1.1 a request
    // made after the code's dozen chunks waits behind them in the browser's queue. The status
    // fails here, so no data is asked for after it.
    const order: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        order.push(`request ${new URL(url, 'http://portal.test').pathname}`);
        return new Response('[]', { status: 503, headers: { 'content-type': 'application/json' } });
      }),
    );
    const visit = startVisit(makeTrpcClient(), { pathname: '/dashboard', search: '' });
    const code = afterBootBatch(async () => {
      order.push('code');
    });
    await Promise.allSettled([code, visit.status, visit.firstData]);

    expect(order).toEqual(['request /trpc/auth.status', 'code']);
  });
});
