import { describe, expect, it } from 'vitest';
import { initialNotify, type NotifyState, notifyComplete, notifyInput } from './NotifyOptions';

const base: NotifyState = {
  enabled: true,
  timing: 'on_lock',
  customDate: '2026-12-03 10:15:00',
  timezone: 'Europe/Paris',
  message: '',
};

describe('the notification the upload sends', () => {
  it('starts on, At Lock, the custom date 10 days ahead', () => {
    const state = initialNotify(new Date('2026-11-23T10:15:42Z'));
    expect(state).toMatchObject({ enabled: true, timing: 'on_lock', message: '' });
    const days =
      (Date.parse(state.customDate?.replace(' ', 'T') ?? '') - Date.parse('2026-11-23T10:15:00')) / 864e5;
    expect(Math.round(days)).toBe(10);
  });

  it('sends At Lock without a date, and nothing but "off" when off', () => {
    expect(notifyInput(base)).toEqual({ enabled: true, timing: 'on_lock' });
    expect(notifyInput({ ...base, enabled: false, timing: 'custom', message: 'hi' })).toEqual({
      enabled: false,
      timing: 'on_lock',
    });
  });

  it('sends a custom date as a wall clock with its zone, and a trimmed message', () => {
    expect(notifyInput({ ...base, timing: 'custom', message: '  See you  ' })).toEqual({
      enabled: true,
      timing: 'custom',
      customDate: '2026-12-03T10:15:00',
      timezone: 'Europe/Paris',
      message: 'See you',
    });
  });

  it('needs a date for the custom timing', () => {
    expect(notifyComplete({ ...base, timing: 'custom', customDate: null })).toBe(false);
    expect(notifyComplete({ ...base, enabled: false, timing: 'custom', customDate: null })).toBe(true);
    expect(notifyComplete(base)).toBe(true);
  });
});
