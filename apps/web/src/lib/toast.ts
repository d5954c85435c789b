// The one way to show a toast (spec section 2, 'Toasts'): a title, a description, a close
// button, a default or destructive look. Only one is visible at a time: a new toast replaces
// the one on screen rather than waiting behind it.
//
// Most visits never show one, so the notifications library loads on the first toast
// (toast-runtime.tsx) instead of with the sign-in screen (the first visit's script budget).
// Toasts keep their call order: each waits for the same loaded module.

import { useEffect } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

type ToastRuntime = typeof import('./toast-runtime');

let runtime: Promise<ToastRuntime> | null = null;
const hostListeners = new Set<() => void>();

/** Loads the toasts (once) and tells the host to mount their container. */
export function loadToasts(): Promise<ToastRuntime> {
  if (!runtime) {
    runtime = import('./toast-runtime');
    for (const listener of hostListeners) listener();
  }
  return runtime;
}

export function toastsRequested(): boolean {
  return runtime !== null;
}

/** The toast host (app/ToastHost) learns here when to mount the container. */
export function onToastsRequested(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

export function toast(input: ToastInput): void {
  void loadToasts().then((toasts) => toasts.showToast(input));
}

/** Closes the toast on screen, e.g. an error that a new attempt makes stale. */
export function dismissToasts(): void {
  if (runtime) void runtime.then((toasts) => toasts.cleanToasts());
}

/**
 * For a dialog: when it opens, the toast about what came before it (e.g. 'Recipient assigned'
 * before the upload dialog) is closed, so that it does not lie over the dialog's buttons on a
 * phone. Toasts the dialog raises itself come later and stay.
 */
export function useClearToastsOnOpen(): void {
  useEffect(() => {
    dismissToasts();
  }, []);
}
