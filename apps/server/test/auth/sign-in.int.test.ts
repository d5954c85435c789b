import { AUTH_TEXTS, TERMS_VERSION } from '@capsule/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTP_TEXTS } from '../../src/modules/otp/otp.service.js';
import { newClient, signIn, trpcError } from '../support/client.js';
import { databaseKinds } from '../support/databases.js';
import { codeIn } from '../support/mail-trap.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe.each(databaseKinds())('sign-in over REST and tRPC (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.reset());

  it('walks the REST sign-in: password, code from the mail, terms, then a member', async () => {
    const user = await t.createUser({ fullName: 'Ada Lovelace' });
    const c = newClient(t);

    expect((await c.rest('GET', '/api/login-status')).body).toMatchObject({
      loggedIn: false,
      requiresOtp: false,
    });

    const login = await c.rest('POST', '/api/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ success: true, requiresOtp: true, hasReadTerms: false });
    expect((await c.rest('GET', '/api/login-status')).body).toMatchObject({
      loggedIn: false,
      requiresOtp: true,
    });

    const sent = await c.rest('POST', '/api/send-otp', login.body);
    expect(sent.status).toBe(200);
    const mail = await t.mail.latestTo(user.email);
    expect(mail.subject).toContain('Legacy Capsule');
    expect(mail.html).toContain(codeIn(mail));
    expect(mail.text).toContain('10 minutes');

    const verify = await c.rest('POST', '/api/verify-otp', { oneTimeCode: codeIn(mail) });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: true, hasReadTerms: false });

    expect((await c.rest('GET', '/api/check-terms')).body).toEqual({
      hasReadTerms: false,
      otpVerified: true,
    });
    // Verified but terms unread: member-only calls are refused until the terms are accepted.
    expect(
      (await c.rest('PATCH', '/api/users/', { fullName: 'Ada King', phoneNumber: '+44 20 7946 0958' }))
        .status,
    ).toBe(403);

    const accept = await c.rest('POST', '/api/accept-terms', { accepted: true });
    expect(accept.status).toBe(200);
    expect(accept.body).toMatchObject({ success: true, termsVersion: TERMS_VERSION });
    expect((await c.rest('GET', '/api/check-terms')).body).toEqual({ hasReadTerms: true, otpVerified: true });

    const status = await c.rest('GET', '/api/login-status');
    expect(status.body).toMatchObject({
      loggedIn: true,
      requiresOtp: false,
      hasReadTerms: true,
      email: user.email,
      fullName: 'Ada Lovelace',
      id: user.id,
    });

    const profile = await c.rest('PATCH', '/api/users/', {
      fullName: 'Ada King',
      phoneNumber: '+44 20 7946 0958',
    });
    expect(profile.status).toBe(200);
    expect((await c.rest('GET', '/api/login-status')).body).toMatchObject({ fullName: 'Ada King' });
  });

  it('walks the tRPC sign-in and reports each stage in auth.status', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    expect(await c.trpc.auth.status.query()).toMatchObject({
      loggedIn: false,
      requiresOtp: false,
      user: null,
    });

    expect(await c.trpc.auth.login.mutate({ email: user.email, password: user.password })).toEqual({
      success: true,
      requiresOtp: true,
      hasReadTerms: false,
    });
    expect(await c.trpc.auth.status.query()).toMatchObject({
      loggedIn: false,
      requiresOtp: true,
      user: null,
    });

    await c.trpc.otp.send.mutate();
    await c.trpc.otp.verify.mutate({ oneTimeCode: codeIn(await t.mail.latestTo(user.email)) });
    expect(await c.trpc.auth.status.query()).toMatchObject({ loggedIn: true, hasReadTerms: false });
    expect(await c.trpc.terms.check.query()).toEqual({ hasReadTerms: false, otpVerified: true });

    await c.trpc.terms.accept.mutate({ accepted: true });
    const status = await c.trpc.auth.status.query();
    expect(status).toMatchObject({ loggedIn: true, hasReadTerms: true, user: { email: user.email } });

    // A second sign-in remembers the accepted terms.
    const again = newClient(t);
    expect(await again.trpc.auth.login.mutate({ email: user.email, password: user.password })).toMatchObject({
      hasReadTerms: true,
    });
  });

  it('answers a wrong password and an unknown e-mail with the same refusal', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    const wrongPassword = await c.rest('POST', '/api/login', {
      email: user.email,
      password: 'not the password',
    });
    const unknownEmail = await c.rest('POST', '/api/login', {
      email: 'nobody@example.test',
      password: 'whatever',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: AUTH_TEXTS.loginFailed });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(await c.sessionCookie()).toBeUndefined();

    const error = await trpcError(c.trpc.auth.login.mutate({ email: user.email, password: 'nope' }));
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(error.message).toBe(AUTH_TEXTS.loginFailed);
  });

  it('rejects malformed sign-in input with the spec texts', async () => {
    const c = newClient(t);
    expect((await c.rest('POST', '/api/login', { email: 'not-an-email', password: 'x' })).body).toEqual({
      error: AUTH_TEXTS.invalidEmail,
      fields: { email: AUTH_TEXTS.invalidEmail },
    });
    expect((await c.rest('POST', '/api/login', { email: 'a@b.test', password: '' })).body).toEqual({
      error: AUTH_TEXTS.passwordRequired,
      fields: { password: AUTH_TEXTS.passwordRequired },
    });
    const error = await trpcError(c.trpc.auth.login.mutate({ email: 'bad', password: '' }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(AUTH_TEXTS.invalidEmail);
  });

  it('locks the account out of password guessing for a while, then lets the owner back in', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    for (let i = 0; i < 10; i++) {
      expect((await c.rest('POST', '/api/login', { email: user.email, password: `guess ${i}` })).status).toBe(
        401,
      );
    }
    const blocked = await c.rest('POST', '/api/login', { email: user.email, password: user.password });
    expect(blocked.status).toBe(429);
    expect(String(blocked.body.error)).toMatch(/Too many attempts/);

    t.clock.advanceMinutes(16);
    expect((await c.rest('POST', '/api/login', { email: user.email, password: user.password })).status).toBe(
      200,
    );
  });

  it('kills the code after 5 wrong tries: even the right code is refused then', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const code = codeIn(await t.mail.latestTo(user.email));
    const wrong = code === '000000' ? '111111' : '000000';

    for (let i = 1; i <= 4; i++) {
      const answer = await c.rest('POST', '/api/verify-otp', { oneTimeCode: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: AUTH_TEXTS.otpInvalid });
    }
    expect((await c.rest('POST', '/api/verify-otp', { oneTimeCode: wrong })).body).toEqual({
      error: OTP_TEXTS.tooManyWrong,
    });
    const late = await c.rest('POST', '/api/verify-otp', { oneTimeCode: code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: OTP_TEXTS.noLiveCode });
    expect(await c.trpc.auth.status.query()).toMatchObject({ loggedIn: false, requiresOtp: true });
  });

  it('refuses a code shorter than 6 characters with the spec text', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const error = await trpcError(c.trpc.otp.verify.mutate({ oneTimeCode: '123' }));
    expect(error.message).toBe(AUTH_TEXTS.otpTooShort);
  });

  it('expires a code after 10 minutes', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const code = codeIn(await t.mail.latestTo(user.email));
    t.clock.advanceMinutes(11);
    const error = await trpcError(c.trpc.otp.verify.mutate({ oneTimeCode: code }));
    expect(error.message).toBe(OTP_TEXTS.noLiveCode);
  });

  it('signing in again within a minute keeps the code already mailed: it still verifies', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const code = codeIn(await t.mail.latestTo(user.email));
    const before = await c.sessionCookie();

    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    expect(await c.sessionCookie()).not.toBe(before);
    expect(await c.trpc.otp.send.mutate()).toMatchObject({ alreadySent: true });
    expect(t.mail.mailsTo(user.email)).toHaveLength(1);
    // The old session id is dead; the code works in the new one.
    const replay = newClient(t);
    await replay.jar.setCookie(`capsule_session=${before}`, t.baseUrl);
    expect((await replay.rest('GET', '/api/login-status')).body).toMatchObject({ requiresOtp: false });
    expect(await c.trpc.otp.verify.mutate({ oneTimeCode: code })).toMatchObject({ success: true });
  });

  it('signing out and in again within a minute keeps the code too; another live sign-in keeps its own', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const code = codeIn(await t.mail.latestTo(user.email));
    await c.trpc.auth.logout.mutate();

    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    expect(await c.trpc.otp.send.mutate()).toMatchObject({ alreadySent: true });
    // The code now belongs to this sign-in: a third browser cannot take it over.
    const third = newClient(t);
    await third.trpc.auth.login.mutate({ email: user.email, password: user.password });
    expect((await third.rest('POST', '/api/send-otp', {})).status).toBe(429);
    expect(t.mail.mailsTo(user.email)).toHaveLength(1);
    expect(await c.trpc.otp.verify.mutate({ oneTimeCode: code })).toMatchObject({ success: true });
  });

  it('limits resends to one a minute and five an hour, and a new code replaces the old', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    await c.trpc.otp.send.mutate();
    const first = codeIn(await t.mail.latestTo(user.email));

    // Within the minute this session's code is still live: no new mail, and the answer says so.
    const again = await c.rest('POST', '/api/send-otp', {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, alreadySent: true });
    // Another browser signing in within the minute has no code of its own yet: refused.
    const other = newClient(t);
    await other.trpc.auth.login.mutate({ email: user.email, password: user.password });
    const tooSoon = await other.rest('POST', '/api/send-otp', {});
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({ error: OTP_TEXTS.resendTooSoon });
    expect(t.mail.mailsTo(user.email)).toHaveLength(1);

    for (let i = 2; i <= 5; i++) {
      t.clock.advanceMinutes(1.5);
      expect((await c.rest('POST', '/api/send-otp', {})).status).toBe(200);
    }
    await expect.poll(() => t.mail.mailsTo(user.email).length).toBe(5);
    t.clock.advanceMinutes(1.5);
    const sixth = await c.rest('POST', '/api/send-otp', {});
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: OTP_TEXTS.tooManyPerHour });

    const latest = codeIn(await t.mail.latestTo(user.email));
    if (latest !== first) {
      expect((await c.rest('POST', '/api/verify-otp', { oneTimeCode: first })).status).toBe(400);
    }
    expect((await c.rest('POST', '/api/verify-otp', { oneTimeCode: latest })).status).toBe(200);
  });

  it('does not send a code without a password session, nor again once verified', async () => {
    const c = newClient(t);
    const signedOut = await c.rest('POST', '/api/send-otp', {});
    expect(signedOut.status).toBe(401);
    expect(t.mail.inbox).toHaveLength(0);

    const user = await t.createUser();
    const member = await signIn(t, user);
    expect((await member.rest('POST', '/api/send-otp', {})).status).toBe(409);
  });

  it('rotates the session id at each step, so an earlier cookie is dead', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    const passwordCookie = await c.sessionCookie();
    await c.trpc.otp.send.mutate();
    await c.trpc.otp.verify.mutate({ oneTimeCode: codeIn(await t.mail.latestTo(user.email)) });
    const verifiedCookie = await c.sessionCookie();
    expect(verifiedCookie).toBeTruthy();
    expect(verifiedCookie).not.toBe(passwordCookie);

    const replay = await fetch(`${t.baseUrl}/api/login-status`, {
      headers: { cookie: `capsule_session=${passwordCookie}` },
    });
    expect(await replay.json()).toMatchObject({ loggedIn: false, requiresOtp: false });
  });

  it('logout makes the old cookie useless', async () => {
    const user = await t.createUser();
    const c = await signIn(t, user);
    const cookie = await c.sessionCookie();
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(200);

    const logout = await c.rest('DELETE', '/api/logout');
    expect(logout.status).toBe(200);
    expect(await c.sessionCookie()).toBeUndefined();

    const replay = await fetch(`${t.baseUrl}/api/check-terms`, {
      headers: { cookie: `capsule_session=${cookie}` },
    });
    expect(replay.status).toBe(401);
    const replayTrpc = await fetch(`${t.baseUrl}/trpc/auth.status`, {
      headers: { cookie: `capsule_session=${cookie}` },
    });
    expect((await replayTrpc.json()).result.data).toMatchObject({ loggedIn: false });
  });

  it('ends a session after 30 minutes idle', async () => {
    const user = await t.createUser();
    const c = await signIn(t, user);
    t.clock.advanceMinutes(20);
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(200);
    t.clock.advanceMinutes(20);
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(200);
    t.clock.advanceMinutes(31);
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(401);
  });

  it('keeps a session alive under many requests at once when its last-seen time is due (one write, none waiting)', async () => {
    const user = await t.createUser();
    const c = await signIn(t, user);
    // Past the minute after which last_seen_at is written: every request below sees it due.
    t.clock.advanceMinutes(20);
    const before = t.clock.now().getTime();
    const answers = await Promise.all(Array.from({ length: 20 }, () => c.rest('GET', '/api/check-terms')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const row = await t.deps.db
      .selectFrom('sessions')
      .select('lastSeenAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.lastSeenAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // Touched, so the idle limit counts from now: 25 more minutes is still inside it.
    t.clock.advanceMinutes(25);
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(200);
  });

  it('answers 401 to signed-out calls on protected paths, over REST and tRPC', async () => {
    const c = newClient(t);
    expect((await c.rest('GET', '/api/check-terms')).status).toBe(401);
    expect((await c.rest('POST', '/api/accept-terms', { accepted: true })).status).toBe(401);
    expect((await c.rest('PATCH', '/api/users/', { fullName: 'X', phoneNumber: '5551234567' })).status).toBe(
      401,
    );
    expect((await c.rest('POST', '/api/verify-otp', { oneTimeCode: '123456' })).status).toBe(401);
    expect((await trpcError(c.trpc.terms.check.query())).data?.httpStatus).toBe(401);
    expect(
      (await trpcError(c.trpc.auth.updateProfile.mutate({ fullName: 'X', phoneNumber: '5551234567' }))).data
        ?.httpStatus,
    ).toBe(401);
  });

  it('keeps a password-stage session away from member calls', async () => {
    const user = await t.createUser();
    const c = newClient(t);
    await c.trpc.auth.login.mutate({ email: user.email, password: user.password });
    expect((await c.rest('POST', '/api/accept-terms', { accepted: true })).status).toBe(401);
    expect((await c.rest('PATCH', '/api/users/', { fullName: 'X', phoneNumber: '5551234567' })).status).toBe(
      401,
    );
  });

  it("refuses another site's writes and non-JSON bodies, changing nothing", async () => {
    const user = await t.createUser();
    const c = await signIn(t, user, { acceptTerms: false });

    const crossSite = await c.rest(
      'POST',
      '/api/accept-terms',
      { accepted: true },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const fetchSite = await c.rest(
      'POST',
      '/api/accept-terms',
      { accepted: true },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);
    const trpcCross = await c.rest(
      'POST',
      '/trpc/terms.accept',
      { accepted: true },
      { origin: 'https://evil.example' },
    );
    expect(trpcCross.status).toBe(403);
    const formPost = await c.rest('POST', '/api/accept-terms', undefined, { 'content-type': 'text/plain' });
    expect(formPost.status).toBe(415);
    // The tRPC adapter gets no plain-text body either: a cross-site form cannot reach it.
    const trpcForm = await fetch(`${t.baseUrl}/trpc/terms.accept`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `capsule_session=${await c.sessionCookie()}` },
      body: JSON.stringify({ accepted: true }),
    });
    expect(trpcForm.status).toBe(415);

    expect((await c.rest('GET', '/api/check-terms')).body).toEqual({
      hasReadTerms: false,
      otpVerified: true,
    });
  });

  it('validates the profile update with the spec rules', async () => {
    const user = await t.createUser();
    const c = await signIn(t, user);
    const noPhone = await c.rest('PATCH', '/api/users/', { fullName: 'Grace Hopper', phoneNumber: '' });
    expect(noPhone.status).toBe(400);
    const noName = await c.rest('PATCH', '/api/users/', { fullName: '  ', phoneNumber: '+1 555 0100' });
    expect(noName.status).toBe(400);
    const otherEmail = await c.rest('PATCH', '/api/users/', {
      fullName: 'Grace Hopper',
      phoneNumber: '+1 555 0100',
      email: 'someone.else@example.test',
    });
    expect(otherEmail.status).toBe(400);
    expect((await c.trpc.auth.status.query()).user?.fullName).toBe(user.fullName);
  });

  it('sets security headers', async () => {
    const answer = await fetch(`${t.baseUrl}/api/login-status`);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
