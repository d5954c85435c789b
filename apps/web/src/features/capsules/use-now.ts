import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`: the 10-day edit window, the progress bar and
 * the countdown move with the clock even when the list itself has not changed.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
