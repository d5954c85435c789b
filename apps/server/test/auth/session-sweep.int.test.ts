import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newClient, signIn } from '../support/client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Sessions past their expiry and old sign-in failures are deleted by an hourly sweep
// (modules/auth/auth-sweep.service.ts): nothing else removes them, and both tables would grow
// with every sign-in for the life of the service.
describe('the sweep of ended sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  const sessionsOf = (userId: string) =>
    t.deps.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  const failures = () =>
    t.deps.db.selectFrom('authFailures').select(['scope', 'key']).orderBy('scope').execute();

  it('deletes expired sessions and day-old failures, and nothing a signed-in user or the throttle needs', async () => {
    const ann = await t.createUser({ fullName: 'Ann Lee' });
    const bob = await t.createUser({ fullName: 'Bob Stone' });
    await newClient(t).rest('POST', '/api/login', { email: bob.email, password: 'a wrong guess' });
    const annClient = await signIn(t, ann);

    t.clock.advanceMinutes(t.deps.config.sessionMaxHours * 60 + 24 * 60);
    const bobClient = await signIn(t, bob);
    await newClient(t).rest('POST', '/api/login', { email: ann.email, password: 'another guess' });
    expect(await sessionsOf(ann.id)).toHaveLength(1);
    // Each wrong password counts against the account and the address it came from.
    expect(await failures()).toHaveLength(4);

    await t.runJob('auth.sweep', {});

    expect(await sessionsOf(ann.id)).toEqual([]);
    expect(await sessionsOf(bob.id)).toHaveLength(1);
    // The day-old failure went; the one in the throttle's window still counts.
    expect(await failures()).toEqual([
      {
        scope: 'login_account',
        key: expect.stringMatching(new RegExp(ann.email.split('@')[0] as string, 'i')),
      },
      { scope: 'login_ip', key: '127.0.0.1' },
    ]);
    // Bob is still signed in; Ann was out already and stays out.
    expect((await bobClient.trpc.auth.status.query()).loggedIn).toBe(true);
    expect((await annClient.trpc.auth.status.query()).loggedIn).toBe(false);
    // Ann's one-time code outlives its session: the resend limits are counted from it.
    const codes = await t.deps.db
      .selectFrom('oneTimeCodes')
      .select('sessionId')
      .where('userId', '=', ann.id)
      .execute();
    expect(codes).toEqual([{ sessionId: null }]);
  });
});
