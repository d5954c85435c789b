import { useEffect, useState } from 'react';
import { useRenderClock } from './render-clock';

/**
 * The current time, refreshed every `everyMs`: the 10-day edit window, the progress bar and
 * the countdown move with the clock even when the list itself has not changed. On a page the
 * server rendered, it starts at the server's instant (lib/render-clock) and moves to the
 * browser's own time once mounted.
 */
export function useNow(everyMs = 60_000): Date {
  const renderedAt = useRenderClock();
  const [now, setNow] = useState(() => (renderedAt === null ? new Date() : new Date(renderedAt)));
  useEffect(() => {
    if (renderedAt !== null) setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, renderedAt]);
  return now;
}
