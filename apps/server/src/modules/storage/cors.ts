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

/**
 * The account's rules with ours in them, or null when ours is already there. Rules an operator
 * set for other origins stay; an older rule of ours for any of the same origins is replaced.
 */
export function mergeCors(existing: readonly CorsRule[], origins: readonly string[]): CorsRule[] | null {
  const ours = corsRule(origins);
  if (existing.some((rule) => sameRule(rule, ours))) return null;
  const overlaps = (rule: CorsRule) => rule.allowedOrigins.split(',').some((o) => origins.includes(o.trim()));
  const kept = existing.filter((rule) => !overlaps(rule));
  if (kept.length >= MAX_RULES) {
    throw new Error(
      `The storage account already has ${MAX_RULES} CORS rules; remove one for the app's origin`,
    );
  }
  return [...kept, ours];
}
