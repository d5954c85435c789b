import {
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

const AUDIENCE = 'capsule-portal';
const ISSUER = 'capsule-portal';

/** A fresh unguessable id for a server-side session row. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code from the CSPRNG. */
export const newOneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What a session token says once jose has verified it: the session and the times it holds. */
interface VerifiedToken {
  sid: string;
  exp: number;
  nbf: number | undefined;
}

export interface TokenKeys {
  /** A KeyObject made once: jose turns it into a CryptoKey the first time and keeps that. */
  jwtKey: KeyObject;
  otpKey: Buffer;
  /** Signs the links of prepared exports (signExportLink): a key of its own, so a leak helps nothing else. */
  exportKey: KeyObject;
  /**
   * Session tokens jose has verified with this key, by their text. A token never changes, so its
   * signature, algorithm, issuer and audience need checking once; its times are checked again
   * against the caller's clock on every read, and the session row behind it (logout, expiry,
   * terms) is read on every request anyway. Only tokens that passed get in: a flood of forged
   * ones costs their verification and takes no room. Undefined when the kept shim
   * 'token-cache' is off (KEPT_SHIMS_OFF; docs/decisions/028-library-first.md): jose then
   * verifies every read.
   */
  verified: LRUCache<string, VerifiedToken> | undefined;
}

/** Tokens kept verified (each under 400 bytes): as many sessions as are active at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

// Separate keys per purpose, derived from the one secret, so a leak of one use helps no other.
// `keepVerified`: the config's kept shim 'token-cache' (on unless KEPT_SHIMS_OFF names it).
export function deriveKeys(
  secret: string,
  { keepVerified = true }: { keepVerified?: boolean } = {},
): TokenKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return {
    jwtKey: createSecretKey(derive('session-jwt')),
    otpKey: derive('one-time-code'),
    exportKey: createSecretKey(derive('export-link')),
    verified: keepVerified ? new LRUCache({ max: VERIFIED_TOKENS_KEPT }) : undefined,
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
export function signSessionToken(
  keys: TokenKeys,
  session: { id: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(session.issuedAt)
    .setExpirationTime(session.expiresAt)
    .sign(keys.jwtKey);
}

/** JWT numeric dates are whole seconds, as jose compares them. */
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The session id a cookie's token carries, or null: verified by jose (HS256 only, our issuer
 * and audience, exp and iat required, exp and nbf against `now`, the injected clock's). A token
 * verified before is taken from TokenKeys.verified, and its times are checked again as jose
 * checks them. Without that cache (the kept shim off) every read is jose's.
 */
export async function readSessionToken(keys: TokenKeys, token: string, now: Date): Promise<string | null> {
  const kept = keys.verified?.get(token);
  if (kept) {
    const seconds = epochSeconds(now);
    const inTime = kept.exp > seconds && (kept.nbf === undefined || kept.nbf <= seconds);
    return inTime ? kept.sid : null;
  }
  const verified = await verifyToken(keys, token, now);
  if (verified) keys.verified?.set(token, verified);
  return verified?.sid ?? null;
}

async function verifyToken(keys: TokenKeys, token: string, now: Date): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keys.jwtKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat'],
      currentDate: now,
    });
    const { sid, exp, nbf } = payload;
    // jose has checked exp is a number (requiredClaims) and nbf one if present.
    if (typeof sid !== 'string' || exp === undefined) return null;
    return { sid, exp, nbf };
  } catch (error) {
    // Every way a token can be wrong is a JOSEError; anything else is ours to hear about.
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

const EXPORT_AUDIENCE = 'capsule-export-link';

/**
 * A prepared export's download link (modules/capsules/export/prepared-export.service.ts): which
 * member's archive, valid until `expiresAt`. Anyone holding the mailed link may download, as with
 * any download link; it names one archive, and that archive is deleted when the link expires.
 */
export function signExportLink(
  keys: TokenKeys,
  link: { userId: string; exportId: string; issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ eid: link.exportId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(EXPORT_AUDIENCE)
    .setSubject(link.userId)
    .setIssuedAt(link.issuedAt)
    .setExpirationTime(link.expiresAt)
    .sign(keys.exportKey);
}

/** The archive a link names, or null: verified by jose (HS256, our issuer, its audience, exp against `now`). */
export async function readExportLink(
  keys: TokenKeys,
  token: string,
  now: Date,
): Promise<{ userId: string; exportId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keys.exportKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: EXPORT_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    });
    const { sub, eid } = payload;
    return typeof sub === 'string' && typeof eid === 'string' ? { userId: sub, exportId: eid } : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
