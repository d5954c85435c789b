/** The API's paths (REST shims and tRPC), as opposed to the web client's pages and assets. */
export const isApiPath = (url: string) => url.startsWith('/api') || url.startsWith('/trpc');

/** tRPC reads its own input; REST-only hooks skip these. */
export const isTrpcPath = (url: string) => url.startsWith('/trpc');
