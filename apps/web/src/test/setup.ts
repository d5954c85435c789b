import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// The signed-in pages load as one lazy chunk; its first import in a test run can take a
// couple of seconds on a busy 2-core machine (over 3 s seen while other suites ran).
configure({ asyncUtilTimeout: 8000 });

// Mantine reads media queries and observes sizes; happy-dom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
Object.defineProperty(globalThis, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
window.scrollTo = (() => {}) as typeof window.scrollTo;
// Mantine's auto-growing Textarea waits for fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}
window.HTMLElement.prototype.scrollIntoView = () => {};

// A test fails on any console.error it did not expect (epic-stack's habit): React warnings
// about acts, keys or bad props are bugs.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  cleanNotifications();
  // The tab's storage outlives a test in happy-dom: a test signed in must not leave the next
  // one the mark of a session that ended (features/auth/AuthProvider/signed-in-here.ts).
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});
