import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/** Every contact of the signed-in user; the pages filter and search in the browser. */
export function useContactsQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.contacts.list.queryOptions());
}

/**
 * Marks every contacts query stale (lists, single contacts and groups: a deleted contact
 * leaves its groups, a contact that changes type leaves the groups of the old type).
 */
export function useInvalidateContacts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() }),
    [queryClient, trpc],
  );
}
