import { useWindowEvent } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadToasts, onToastsRequested, toastsRequested } from '../lib/toast';

const ToastContainer = lazy(() => import('../lib/toast-runtime'));

/**
 * Mounts the toasts' container once the first toast is asked for (lib/toast.ts). F8 moves the
 * focus to the toasts (spec section 9), so a keyboard user can reach their close buttons.
 */
export function ToastHost() {
  const [mounted, setMounted] = useState(toastsRequested);
  const toasts = useRef<HTMLDivElement>(null);
  useEffect(() => onToastsRequested(() => setMounted(true)), []);
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    if (!mounted) void loadToasts();
    toasts.current?.focus();
  });

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer ref={toasts} />
    </Suspense>
  );
}
