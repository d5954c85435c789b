import type { Clock } from '../../src/lib/clock.js';

/**
 * A clock tests can move, so expiry and limits are tested without sleeping. Everything that
 * decides by time reads it: the services, the job handlers (the sweeps decide what is overdue by
 * it) and the storage client's SAS times. pg-boss's own timing (when a delayed job becomes due)
 * is the database's: a test runs a job itself after moving the clock (TestApp.runJob).
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advanceMinutes(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
  advanceDays(days: number) {
    this.advanceMinutes(days * 24 * 60);
  }
  reset() {
    this.offsetMs = 0;
  }
}
