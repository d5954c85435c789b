import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_SHIM_NAMES, keptShimsWithout } from '../../src/kept-shims.js';
import { signIn } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The app with every kept shim off (KEPT_SHIMS_OFF=all; docs/decisions/028-library-first.md):
// the setting reaches the token keys through createAppDeps, and a session then works and ends as
// it does with them on, every cookie verified by jose.
describe.each(databaseKinds())('the app with KEPT_SHIMS_OFF=all (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { keptShims: keptShimsWithout(KEPT_SHIM_NAMES) });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it('keeps no verified token, and signs in, stays signed in and is signed out at the session end', async () => {
    expect(t.deps.config.keptShims).toEqual({
      'token-cache': false,
      'sas-cache': false,
      'compiled-statements': false,
    });
    expect(t.deps.keys.verified).toBeUndefined();
    const user = await t.createUser();
    const c = await signIn(t, user);
    for (let i = 0; i < 3; i++) {
      expect((await c.rest('GET', '/api/login-status')).body).toMatchObject({ loggedIn: true, id: user.id });
    }
    expect((await c.trpc.capsules.list.query({ status: null, types: [], page: 1 })).total).toBe(0);
    // Past the session's longest life (SESSION_MAX_HOURS) by the injected clock.
    t.clock.advanceMinutes(t.deps.config.sessionMaxHours * 60 + 1);
    expect((await c.rest('GET', '/api/login-status')).body).toMatchObject({ loggedIn: false });
  });
});
