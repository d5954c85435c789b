import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveKeys, readSessionToken, signSessionToken } from './tokens.js';

// The cookie's token names the session row. A token once verified is remembered by its text
// (tokens.ts): that may skip the signature check on a later request, never the times, and
// never a token signed with another key.
const keys = deriveKeys('a session secret of some length');
const start = new Date('2030-01-01T12:00:00Z');
const inMinutes = (m: number) => new Date(start.getTime() + m * 60_000);

/** A token with our header, issuer and audience (and an hour's exp unless `claims` names one). */
async function token(claims: Record<string, unknown>) {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('capsule-portal')
    .setAudience('capsule-portal')
    .setIssuedAt();
  if (!('exp' in claims)) jwt.setExpirationTime(Math.floor(inMinutes(60).getTime() / 1000));
  return jwt.sign(keys.jwtKey);
}

describe('reading the session token', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the session id of a token we signed, read once or many times', async () => {
    vi.useFakeTimers({ now: start });
    const signed = await signSessionToken(keys, 'session-1', inMinutes(60));
    for (let i = 0; i < 3; i++) expect(readSessionToken(keys, signed)).toBe('session-1');
  });

  it('refuses a token once it has expired, though it was read as valid before', async () => {
    vi.useFakeTimers({ now: start });
    const signed = await signSessionToken(keys, 'session-1', inMinutes(10));
    expect(readSessionToken(keys, signed)).toBe('session-1');
    vi.setSystemTime(inMinutes(10));
    expect(readSessionToken(keys, signed)).toBeNull();
  });

  it('refuses a token before its nbf, and reads it from then on', async () => {
    vi.useFakeTimers({ now: start });
    const early = await token({ sid: 'session-2', nbf: Math.floor(inMinutes(5).getTime() / 1000) });
    expect(readSessionToken(keys, early)).toBeNull();
    vi.setSystemTime(inMinutes(5));
    expect(readSessionToken(keys, early)).toBe('session-2');
  });

  it("refuses a token of another key, even one with the text another key's reader verified", async () => {
    vi.useFakeTimers({ now: start });
    const other = deriveKeys('another secret altogether');
    const theirs = await signSessionToken(other, 'session-3', inMinutes(60));
    expect(readSessionToken(other, theirs)).toBe('session-3');
    expect(readSessionToken(keys, theirs)).toBeNull();
  });

  it('refuses altered, unsigned and malformed tokens, again and again', async () => {
    vi.useFakeTimers({ now: start });
    const signed = await signSessionToken(keys, 'session-4', inMinutes(60));
    expect(readSessionToken(keys, signed)).toBe('session-4');
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ sid: 'session-5' })).toString('base64url');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const refused = [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${header}.${payload}.${signature}=`,
      `${noneHeader}.${payload}.`,
      `${header}.${payload}`,
      `${signed}.extra`,
      '',
      await token({ sid: 'session-6', exp: undefined }),
      await token({ sid: 42 }),
      await token({ sid: 'session-7', nbf: 'soon' }),
    ];
    for (let round = 0; round < 2; round++) {
      for (const text of refused) expect(readSessionToken(keys, text), text).toBeNull();
    }
    expect(readSessionToken(keys, signed)).toBe('session-4');
  });
});
