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
  /** A value this tab keeps across reloads (session storage); null when absent or unavailable. */
  readSessionItem(key: string): string | null {
    try {
      return typeof window === 'undefined' ? null : window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** Keeps (a string) or forgets (null) a value for this tab; nothing when storage is unavailable. */
  writeSessionItem(key: string, value: string | null): void {
    try {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    } catch {
      // Unavailable storage: the session-ended notice is then shown only for a 401 in this page.
    }
  },
};
