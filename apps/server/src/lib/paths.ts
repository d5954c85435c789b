/** The API's paths (REST shims and tRPC), as opposed to the web client's pages and assets. */
export const isApiPath = (url: string) => url.startsWith('/api') || url.startsWith('/trpc');

/** tRPC reads its own input; REST-only hooks skip these. */
export const isTrpcPath = (url: string) => url.startsWith('/trpc');

/** The signed-in pages the server may render with their data (first-page/): each costs a render. */
export const FIRST_PAGE_PATHS: readonly string[] = ['/dashboard', '/received-capsules'];

/** A request for one of those pages (its query string aside). */
export const isFirstPagePath = (url: string) => FIRST_PAGE_PATHS.includes(url.split('?', 1)[0] ?? url);
