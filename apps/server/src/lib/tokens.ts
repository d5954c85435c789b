import {
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

const AUDIENCE = 'capsule-portal';
const ISSUER = 'capsule-portal';

/** A fresh unguessable id for a server-side session row. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code from the CSPRNG. */
export const newOneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What a session token says once its signature and issuer are checked: the rest is time. */
interface VerifiedToken {
  sid: string;
  exp: number;
  nbf: number | undefined;
}

export interface TokenKeys {
  /** A KeyObject made once: an HMAC over raw key bytes re-imports them on every call. */
  jwtKey: KeyObject;
  otpKey: Buffer;
  /**
   * Session tokens this key has verified, by their text. A token never changes, and its
   * signature, issuer and audience were checked when it was put here; what changes with time
   * (exp, nbf) is checked on every request, and the session row behind it (logout, expiry,
   * terms) is read on every request too. Checking the HMAC and parsing the claims again each
   * time was about 30 µs of a list request's CPU (issue 10). Only tokens signed with this key
   * get in: a flood of forged ones costs their HMAC and takes no room.
   */
  verified: LRUCache<string, VerifiedToken>;
}

/** Tokens kept verified (each under 400 bytes): as many sessions as are active at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

// Separate keys per purpose, derived from the one secret, so a leak of one use helps no other.
export function deriveKeys(secret: string): TokenKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return {
    jwtKey: createSecretKey(derive('session-jwt')),
    otpKey: derive('one-time-code'),
    verified: new LRUCache({ max: VERIFIED_TOKENS_KEPT }),
  };
}

export function hashOneTimeCode(keys: TokenKeys, code: string): string {
  return createHmac('sha256', keys.otpKey).update(code).digest('base64url');
}

export function oneTimeCodeMatches(keys: TokenKeys, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashOneTimeCode(keys, code));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cookie carries a signed reference to the session row, never the user's data. */
export function signSessionToken(keys: TokenKeys, sessionId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keys.jwtKey);
}

// The header jose writes for setProtectedHeader({ alg: 'HS256' }), the only one we sign with:
// a token with any other header (another algorithm, 'none', crit, b64) was not made here.
const SESSION_TOKEN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * The session id a cookie's token carries, or null. Checked synchronously with node:crypto
 * rather than jose's jwtVerify: this runs on every API request, and WebCrypto imports the key
 * and hops to the thread pool each time, a fifth of the CPU of a list request (issue 10). The
 * rules are the ones jwtVerify applied to our tokens: our HS256 header only, the HMAC compared
 * in constant time, our issuer and audience, exp and iat present, exp in the future, nbf (if
 * any) not. A token verified before skips the first ones (TokenKeys.verified), never the times.
 */
export function readSessionToken(keys: TokenKeys, token: string): string | null {
  const verified = keys.verified.get(token) ?? verifyToken(keys, token);
  if (!verified) return null;
  const now = Math.floor(Date.now() / 1000);
  if (verified.exp <= now) return null;
  if (verified.nbf !== undefined && verified.nbf > now) return null;
  return verified.sid;
}

/** Everything about a token but the time, checked once; a token that passes is kept. */
function verifyToken(keys: TokenKeys, token: string): VerifiedToken | null {
  const [header, payload, signature, ...rest] = token.split('.');
  if (
    header !== SESSION_TOKEN_HEADER ||
    payload === undefined ||
    signature === undefined ||
    rest.length > 0
  ) {
    return null;
  }
  const expected = createHmac('sha256', keys.jwtKey).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  // A signature in another spelling of the same bytes (padding, stray characters) is refused too.
  if (given.length !== expected.length || given.toString('base64url') !== signature) return null;
  if (!timingSafeEqual(given, expected)) return null;
  const claims = sessionClaims(payload);
  if (!claims) return null;
  const { iss, aud, exp, iat, nbf, sid } = claims;
  const audience = Array.isArray(aud) ? aud : [aud];
  if (iss !== ISSUER || !audience.includes(AUDIENCE)) return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  if (typeof sid !== 'string') return null;
  const verified = { sid, exp, nbf };
  keys.verified.set(token, verified);
  return verified;
}

function sessionClaims(payload: string): Record<string, unknown> | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
