// Thin wrappers over browser side effects, so tests can observe them.
export const browser = {
  reload(): void {
    window.location.reload();
  },
  clearSessionStorage(): void {
    try {
      window.sessionStorage.clear();
    } catch {
      // Storage can be unavailable (privacy modes); there is then nothing to clear.
    }
  },
};
