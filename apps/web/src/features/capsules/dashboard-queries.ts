import { CAPSULE_LIST_REFETCH_MS, CAPSULE_LIST_STALE_MS } from '@capsule/domain';
import type { Trpc } from '../../lib/trpc';
import type { CapsuleFilters } from './use-capsule-filters';

// The dashboard's queries, each defined once: the components use them, and so does the first
// data the page opens with (app/first-data.ts), so both ask the same thing under the same key.

/** Spec section 9: the subscription is stale after 5 minutes. */
export const SUBSCRIPTION_STALE_MS = 5 * 60_000;

/** How often the list asks again while a video on the page is being prepared (ours). */
export const PREPARING_REFETCH_MS = 5_000;

/**
 * My Capsules for these filters. Spec section 7: refetched every 60 s, stale after 10 s; every
 * 5 s while a card shows a video being prepared, so its percentage moves.
 */
export const capsuleListQuery = (trpc: Trpc, { status, types, page }: CapsuleFilters) =>
  trpc.capsules.list.queryOptions(
    { status, types, page },
    {
      refetchInterval: (query) =>
        query.state.data?.capsules?.some((capsule) => capsule.status === 'Reviewing')
          ? PREPARING_REFETCH_MS
          : CAPSULE_LIST_REFETCH_MS,
      staleTime: CAPSULE_LIST_STALE_MS,
    },
  );

/** The stats strip's counts. */
export const capsuleCountsQuery = (trpc: Trpc) => trpc.capsules.counts.queryOptions();

/** The plan line and the lapse warning: one request for both. */
export const currentPlanQuery = (trpc: Trpc) =>
  trpc.subscriptions.current.queryOptions(undefined, { staleTime: SUBSCRIPTION_STALE_MS });
