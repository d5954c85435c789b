import type { CorsRule } from '@azure/storage-blob';

// The browser sends the video straight to storage, so storage must answer the browser's CORS
// preflight. Only what an upload and a playback need: no DELETE, no listing from the browser.

const METHODS = 'GET,HEAD,PUT,OPTIONS';
/**
 * x-ms-* covers x-ms-blob-type, x-ms-meta-* (the legacy PUT's metadata), x-ms-version, x-ms-date,
 * x-ms-client-request-id and the SDK's browser headers; range lets a player seek.
 */
const ALLOWED_HEADERS = 'x-ms-*,content-type,content-md5,range,if-match,if-none-match';
const EXPOSED_HEADERS =
  'x-ms-*,etag,content-length,content-range,content-type,last-modified,accept-ranges,date';
const MAX_AGE_SECONDS = 3600;
/** The service keeps at most five CORS rules. */
const MAX_RULES = 5;

export function corsRule(origins: readonly string[]): CorsRule {
  return {
    allowedOrigins: [...origins].sort().join(','),
    allowedMethods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAgeInSeconds: MAX_AGE_SECONDS,
  };
}

const sameRule = (a: CorsRule, b: CorsRule) =>
  a.allowedOrigins === b.allowedOrigins &&
  a.allowedMethods === b.allowedMethods &&
  a.allowedHeaders === b.allowedHeaders &&
  a.exposedHeaders === b.exposedHeaders &&
  a.maxAgeInSeconds === b.maxAgeInSeconds;

const originsOf = (rule: CorsRule) =>
  rule.allowedOrigins
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .sort()
    .join(',');

/**
 * The account's rules with ours in them, or null when ours is there already. Our rule is the
 * one for exactly our origins: it is added, or replaced where it stands (an older version of
 * it, or copies of it, become one). Every other rule stays as it is, even one that shares an
 * origin with ours: two development portals on one emulator share the Vite origin
 * (localhost:5173), and each must keep the other's rule. Storage answers a preflight from the
 * first rule that allows it, so a shared origin in two rules does no harm.
 */
export function mergeCors(existing: readonly CorsRule[], origins: readonly string[]): CorsRule[] | null {
  const ours = corsRule(origins);
  const isOurs = (rule: CorsRule) => originsOf(rule) === ours.allowedOrigins;
  const mine = existing.filter(isOurs);
  if (mine.length === 1 && mine[0] && sameRule(mine[0], ours)) return null;
  const merged: CorsRule[] = [];
  for (const rule of existing) {
    if (!isOurs(rule)) merged.push(rule);
    else if (!merged.includes(ours)) merged.push(ours);
  }
  if (merged.includes(ours)) return merged;
  if (merged.length >= MAX_RULES) {
    throw new Error(
      `The storage account already has ${MAX_RULES} CORS rules, none for this portal's origins (${ours.allowedOrigins}); remove one`,
    );
  }
  merged.push(ours);
  return merged;
}
