import { describe, expect, it } from 'vitest';
import { instantToZonedWallClock, zonedWallClockToInstant } from './zoned-time.js';

describe('zoned wall clocks', () => {
  it('read a wall clock in each kind of zone', () => {
    expect(zonedWallClockToInstant('2030-01-02T09:30', 'UTC')?.toISOString()).toBe(
      '2030-01-02T09:30:00.000Z',
    );
    expect(zonedWallClockToInstant('2030-01-02T09:30', 'Asia/Tokyo')?.toISOString()).toBe(
      '2030-01-02T00:30:00.000Z',
    );
    expect(zonedWallClockToInstant('2030-01-02T09:30:15', 'Asia/Kolkata')?.toISOString()).toBe(
      '2030-01-02T04:00:15.000Z',
    );
    expect(zonedWallClockToInstant('2030-07-02T09:30', 'America/New_York')?.toISOString()).toBe(
      '2030-07-02T13:30:00.000Z',
    );
    expect(zonedWallClockToInstant('2030-01-02T09:30', 'America/New_York')?.toISOString()).toBe(
      '2030-01-02T14:30:00.000Z',
    );
  });
  it('cross daylight-saving changes and refuse days that do not exist', () => {
    // Europe/Paris skips 02:00-03:00 on 2030-03-31: 02:30 reads as 03:30 summer time.
    expect(zonedWallClockToInstant('2030-03-31T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2030-03-31T01:30:00.000Z',
    );
    expect(zonedWallClockToInstant('2030-10-27T02:30', 'Europe/Paris')?.toISOString()).toBe(
      '2030-10-27T01:30:00.000Z',
    );
    expect(zonedWallClockToInstant('2030-02-30T09:00', 'UTC')).toBeNull();
    expect(zonedWallClockToInstant('2030-01-02T24:00', 'UTC')).toBeNull();
  });
  it('write an instant as the wall clock of a zone', () => {
    expect(instantToZonedWallClock(new Date('2030-01-02T00:30:00Z'), 'Asia/Tokyo')).toBe('2030-01-02T09:30');
    expect(instantToZonedWallClock(new Date('2030-01-02T00:30:00Z'), 'Australia/Sydney')).toBe(
      '2030-01-02T11:30',
    );
  });
});
