/** The one source of "now" for services, so tests can move time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
