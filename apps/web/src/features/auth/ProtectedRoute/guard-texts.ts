export const GUARD_TEXTS = {
  checkingAuth: 'Checking authentication...',
  loadingRoute: 'Loading route...',
} as const;
