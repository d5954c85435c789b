import { createContext, useContext } from 'react';

/**
 * The instant (ms) a server-rendered page was drawn at (app/first-page.ts), or null. What
 * depends on the clock (a countdown, a progress bar, the footer's year) first renders at that
 * instant, in the server and again when the browser takes the page over: the two renders must
 * draw the same markup, or React throws the server's page away and draws it again.
 */
export const RenderClockContext = createContext<number | null>(null);

export function useRenderClock(): number | null {
  return useContext(RenderClockContext);
}
