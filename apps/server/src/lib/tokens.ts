import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'capsule-portal';
const ISSUER = 'capsule-portal';

/** A fresh unguessable id for a server-side session row. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** A 6-digit one-time code from the CSPRNG. */
export const newOneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface TokenKeys {
  jwtKey: Uint8Array;
  otpKey: Buffer;
}

// Separate keys per purpose, derived from the one secret, so a leak of one use helps no other.
export function deriveKeys(secret: string): TokenKeys {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
  return { jwtKey: new Uint8Array(derive('session-jwt')), otpKey: derive('one-time-code') };
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

export async function readSessionToken(keys: TokenKeys, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keys.jwtKey, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      // jose checks these only when present; a token must carry them (the session row alone
      // should not be what bounds a token's life).
      requiredClaims: ['exp', 'iat', 'aud', 'iss'],
    });
    return typeof payload.sid === 'string' ? payload.sid : null;
  } catch {
    return null;
  }
}
