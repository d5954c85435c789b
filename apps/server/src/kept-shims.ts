// The hand-made shortcuts over a library that docs/decisions/028-library-first.md keeps, by the
// name KEPT_SHIMS_OFF turns each off with (config.ts). Off, the code asks the library every time;
// the bench measures the routes both ways in one run (bench/README.md), which is how a shim
// earns its place on that page.

/** Each kept shim's name and what it replaces. */
export const KEPT_SHIMS = {
  'token-cache':
    "lib/tokens.ts: an LRU of session tokens jose's jwtVerify has verified, instead of a jwtVerify per request",
  'sas-cache':
    "modules/storage/blob-storage.ts: one thumbnail SAS URL per blob and 10-minute window, instead of the Azure SDK's generateSasUrl per thumbnail",
  'compiled-statements':
    "db/compiled-statements.ts: the session lookup and the capsule list page compiled by Kysely once per database and filter, then sent with each request's values, instead of built and compiled on every request",
} as const;

export type KeptShimName = keyof typeof KEPT_SHIMS;

export const KEPT_SHIM_NAMES = Object.keys(KEPT_SHIMS) as KeptShimName[];

/** Which kept shims run: true on (the default), false turned off by KEPT_SHIMS_OFF. */
export type KeptShims = Readonly<Record<KeptShimName, boolean>>;

/** Every kept shim on except those named. */
export function keptShimsWithout(off: Iterable<KeptShimName>): KeptShims {
  const shims = Object.fromEntries(KEPT_SHIM_NAMES.map((name) => [name, true])) as Record<
    KeptShimName,
    boolean
  >;
  for (const name of off) shims[name] = false;
  return Object.freeze(shims);
}
