import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKeys, readSessionToken, signSessionToken } from './tokens.js';

// The cookie's token names the session row; jose verifies it against the clock the caller
// passes (the injected one), never the system's. A token once verified is remembered by its
// text (tokens.ts): that may skip the signature check on a later read, never the times, and
// never a token signed with another key. Every test runs with that cache on and off (the kept
// shim 'token-cache', turned off by KEPT_SHIMS_OFF; docs/decisions/028-library-first.md): the
// verdicts must not depend on it.
const SECRET = 'a session secret of some length';
/** Signs the tests' own tokens (the same key whichever way the readers below keep tokens). */
const signer = deriveKeys(SECRET);
// Far from the real date both ways, so a reader that looked at the system clock would be caught.
const start = new Date('2090-01-01T12:00:00Z');
const inMinutes = (m: number) => new Date(start.getTime() + m * 60_000);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

const session = (id: string, expiresAt: Date, issuedAt = start) => ({ id, issuedAt, expiresAt });

/**
 * A token with our header, issuer and audience (and iat now and an hour's exp unless `claims`
 * names them).
 */
async function token(claims: Record<string, unknown>, alg = 'HS256') {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg })
    .setIssuer('capsule-portal')
    .setAudience('capsule-portal');
  if (!('iat' in claims)) jwt.setIssuedAt(start);
  if (!('exp' in claims)) jwt.setExpirationTime(inMinutes(60));
  return jwt.sign(signer.jwtKey);
}

describe.each([
  { cache: 'on', keepVerified: true },
  { cache: 'off', keepVerified: false },
])('reading the session token, token-cache $cache', ({ keepVerified }) => {
  const keys = deriveKeys(SECRET, { keepVerified });

  it(keepVerified ? 'keeps verified tokens' : 'keeps no token: jose verifies every read', () => {
    expect(keys.verified !== undefined).toBe(keepVerified);
  });

  it('answers the session id of a token we signed, read once or many times', async () => {
    const signed = await signSessionToken(keys, session('session-1', inMinutes(60)));
    for (let i = 0; i < 3; i++) expect(await readSessionToken(keys, signed, start)).toBe('session-1');
  });

  it('keeps the format of the tokens already in cookies: HS256, sid, iss, aud, iat, exp', async () => {
    const signed = await signSessionToken(keys, session('session-1', inMinutes(60)));
    const [header, payload] = signed
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256' });
    expect(payload).toEqual({
      sid: 'session-1',
      iss: 'capsule-portal',
      aud: 'capsule-portal',
      iat: seconds(start),
      exp: seconds(inMinutes(60)),
    });
  });

  it('refuses a token past its expiry by the injected clock, read before or not', async () => {
    const signed = await signSessionToken(keys, session('session-1', inMinutes(10)));
    const unread = await signSessionToken(keys, session('session-1b', inMinutes(10)));
    expect(await readSessionToken(keys, signed, start)).toBe('session-1');
    // Still valid by the system clock (decades before 2090): only the injected one says expired.
    for (const text of [signed, unread]) {
      expect(await readSessionToken(keys, text, inMinutes(10))).toBeNull();
      expect(await readSessionToken(keys, text, inMinutes(600))).toBeNull();
    }
  });

  it('reads a token the injected clock finds in time, though the system clock is past its expiry', async () => {
    const past = new Date('2001-01-01T00:00:00Z');
    const signed = await signSessionToken(
      keys,
      session('session-old', new Date(past.getTime() + 3_600_000), past),
    );
    expect(await readSessionToken(keys, signed, past)).toBe('session-old');
    expect(await readSessionToken(keys, signed, new Date(past.getTime() + 3_600_000))).toBeNull();
  });

  it('refuses a token before its nbf, and reads it from then on', async () => {
    const early = await token({ sid: 'session-2', nbf: seconds(inMinutes(5)) });
    expect(await readSessionToken(keys, early, start)).toBeNull();
    expect(await readSessionToken(keys, early, inMinutes(5))).toBe('session-2');
    // Kept as verified now: the times are still checked on every read.
    expect(await readSessionToken(keys, early, inMinutes(4))).toBeNull();
  });

  it("refuses a token of another key, even one with the text another key's reader verified", async () => {
    const other = deriveKeys('another secret altogether', { keepVerified });
    const theirs = await signSessionToken(other, session('session-3', inMinutes(60)));
    expect(await readSessionToken(other, theirs, start)).toBe('session-3');
    expect(await readSessionToken(keys, theirs, start)).toBeNull();
  });

  it('refuses a token signed with our key under another algorithm, or none', async () => {
    const hs512 = await token({ sid: 'session-8' }, 'HS512');
    const [, payload] = hs512.split('.') as [string, string];
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    for (let round = 0; round < 2; round++) {
      expect(await readSessionToken(keys, hs512, start)).toBeNull();
      expect(await readSessionToken(keys, `${noneHeader}.${payload}.`, start)).toBeNull();
    }
  });

  it('refuses altered, unsigned and malformed tokens, again and again', async () => {
    const signed = await signSessionToken(keys, session('session-4', inMinutes(60)));
    expect(await readSessionToken(keys, signed, start)).toBe('session-4');
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ sid: 'session-5' })).toString('base64url');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const refused = [
      `${header}.${otherPayload}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${signed}.extra`,
      '',
      'not a token',
      await token({ sid: 'session-6', exp: undefined }),
      await token({ sid: 'session-6', iat: undefined }),
      await token({ sid: 42 }),
      await token({ sid: 'session-7', nbf: 'soon' }),
    ];
    for (let round = 0; round < 2; round++) {
      for (const text of refused) expect(await readSessionToken(keys, text, start), text).toBeNull();
    }
    expect(await readSessionToken(keys, signed, start)).toBe('session-4');
  });
});

describe('the token-cache on and off', () => {
  it('give the same verdict for every token at every moment, in the same order of reads', async () => {
    const signed = await signSessionToken(signer, session('session-a', inMinutes(10)));
    const [header, payload, signature] = signed.split('.') as [string, string, string];
    const tokens = [
      signed,
      await signSessionToken(signer, session('session-b', inMinutes(600))),
      await token({ sid: 'session-c', nbf: seconds(inMinutes(5)) }),
      await signSessionToken(deriveKeys('another secret altogether'), session('session-d', inMinutes(60))),
      await token({ sid: 'session-e' }, 'HS512'),
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      'not a token',
    ];
    const moments = [-1, 0, 4, 5, 9, 10, 11, 599, 600, 4, 0].map(inMinutes);
    const verdicts = async (keepVerified: boolean) => {
      const keys = deriveKeys(SECRET, { keepVerified });
      const answers: Array<string | null> = [];
      for (const now of moments) {
        for (const text of tokens) answers.push(await readSessionToken(keys, text, now));
      }
      return answers;
    };
    const on = await verdicts(true);
    expect(on).toEqual(await verdicts(false));
    // Not vacuous: some reads answer a session and some are refused.
    expect(on).toContain('session-a');
    expect(on).toContain('session-c');
    expect(on).toContain(null);
  });
});
