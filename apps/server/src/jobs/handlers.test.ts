import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.js';
import type { AppJobs } from './catalogue.js';
import { JOBS } from './catalogue.js';
import { registerJobHandlers } from './handlers.js';
import type { JobQueue } from './queue.js';

/** A queue that only records what was registered. */
function recordingQueue() {
  const worked: string[] = [];
  const scheduled: Array<[string, string]> = [];
  const queue = {
    work: async (name: string) => {
      worked.push(name);
    },
    schedule: async (name: string, cron: string) => {
      scheduled.push([name, cron]);
    },
  } as unknown as JobQueue<AppJobs>;
  return { queue, worked, scheduled };
}

describe('registerJobHandlers', () => {
  it('gives every job of the catalogue a handler and schedules the sweeps', async () => {
    const { queue, worked, scheduled } = recordingQueue();
    await registerJobHandlers(queue, {} as AppDeps);
    expect(worked.sort()).toEqual(Object.keys(JOBS).sort());
    expect(scheduled).toEqual([
      ['capsules.auto-lock', '*/10 * * * *'],
      ['capsules.purge', '17 * * * *'],
      ['storage.fixity', '43 * * * *'],
      ['capsules.rendition-sweep', '7 * * * *'],
      ['storage.lapse-sweep', '41 3 * * *'],
      ['purchases.attach-pending', '29 * * * *'],
      ['affiliates.approve-referrals', '23 4 * * *'],
      ['auth.sweep', '37 * * * *'],
      ['capsules.deliver', '* * * * *'],
      ['capsules.delivery-mail', '* * * * *'],
      ['sync.push', '* * * * *'],
    ]);
  });

  it('leaves the schedules out when asked (the tests run sweeps themselves)', async () => {
    const { queue, scheduled } = recordingQueue();
    await registerJobHandlers(queue, {} as AppDeps, { schedules: false });
    expect(scheduled).toEqual([]);
  });
});
