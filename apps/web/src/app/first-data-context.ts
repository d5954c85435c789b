import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * The data the opened page starts with, as TanStack Query's dehydrate wrote it: the server's
 * answers for a page it rendered, or the ones asked for at boot. The signed-in app's data
 * cache of the first session epoch is hydrated from it once (first-data.ts firstDataClient)
 * and kept in `client`, so a later mount of the signed-in area in the same session finds the
 * live cache rather than the answers as they were when the page opened.
 */
export interface FirstData {
  state: DehydratedState;
  client?: QueryClient;
}

export const FirstDataContext = createContext<FirstData | null>(null);
